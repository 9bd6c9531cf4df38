import Foundation
import Testing

/// Every public type of OutlineKit is listed in exactly one topic group of the DocC catalog, so
/// that none lands in the groups DocC makes up for what no topic names ("Structures",
/// "Enumerations").
///
/// The types are read from the sources rather than from `scripts/docs`' output: that output exists
/// only after a docs build and may be older than the code, and a test that skips without it
/// would pass unseen. The scan reads top-level declarations, the only ones the landing page must
/// name: a nested type is listed on its parent's page by DocC itself.
@Suite("DocC topics name every public type")
struct DocumentationTopicsTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    /// The names of the types `source` declares public at its top level. A declaration is at the
    /// top level when it is indented by nothing, or by a level for each `#if` block around it (as
    /// swift-format indents those).
    static func publicTypes(in source: String) -> [String] {
        // Attributes and modifiers may come before the kind of type.
        let typeDeclaration =
            #/^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)/#
        var names: [String] = []
        var conditionalDepth = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#if") { conditionalDepth += 1 }
            if line.hasPrefix("#endif") { conditionalDepth -= 1 }
            let indent = line.prefix { $0 == " " }.count
            guard indent == 4 * conditionalDepth,
                let match = line.dropFirst(indent).prefixMatch(of: typeDeclaration)
            else { continue }
            names.append(String(match.1))
        }
        return names
    }

    /// The symbols that the list items of a page's `## Topics` section link to, as written
    /// between double backticks, with a leading `OutlineKit/` taken off.
    static func topicLinks(in page: String) -> [String] {
        var links: [String] = []
        var inTopics = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTopics = line.trimmingCharacters(in: .whitespaces) == "## Topics" }
            guard inTopics, let match = line.prefixMatch(of: #/\s*-\s+``([^`]+)``/#) else { continue }
            let link = String(match.1)
            links.append(link.hasPrefix("OutlineKit/") ? String(link.dropFirst("OutlineKit/".count)) : link)
        }
        return links
    }

    static func files(under folder: String, ending suffix: String) throws -> [URL] {
        let root = package.appendingPathComponent(folder)
        let names = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { root.appendingPathComponent($0) }
    }

    @Test func everyPublicTypeIsInExactlyOneTopic() throws {
        var types: [String] = []
        for file in try Self.files(under: "Sources/OutlineKit", ending: ".swift") {
            types += Self.publicTypes(in: try String(contentsOf: file, encoding: .utf8))
        }
        #expect(types.count > 50, "the scan found the library's types")
        var links: [String] = []
        for page in try Self.files(under: "Sources/OutlineKit/OutlineKit.docc", ending: ".md") {
            links += Self.topicLinks(in: try String(contentsOf: page, encoding: .utf8))
        }
        for type in Set(types).sorted() {
            let count = links.filter { $0 == type }.count
            #expect(count == 1, "\(type) is listed in \(count) topic groups of OutlineKit.docc, not one")
        }
    }

    /// The scans themselves: what they must find, and what they must pass over.
    @Test func theScansFindTypesAndTopics() {
        let source = """
            /// A type.
            public struct Plain {
                public struct Nested {}
            }
            @MainActor public final class Attributed {}
            public typealias Alias = Int64
            internal enum Hidden {}
            extension Plain {
                public enum AlsoNested {}
            }
            #if canImport(Glibc)
                public protocol Conditional {}
            #endif
            // public struct Commented {}
            """
        #expect(Self.publicTypes(in: source) == ["Plain", "Attributed", "Alias", "Conditional"])
        let page = """
            # ``OutlineKit``

            Mentions ``Prose`` in passing.

            - ``Overview``

            ## Topics

            ### A group

            - ``First``
            - ``OutlineKit/Second``
            - <doc:Article>

            ## See Also

            - ``Elsewhere``
            """
        #expect(Self.topicLinks(in: page) == ["First", "Second"])
    }
}
