import Foundation
import Testing

/// Every value reaches SQLite as a bound parameter: no SQL text in the library is built by
/// string interpolation, apart from the two schema pragmas, which take no parameters and whose
/// values are the library's own integer constants.
@Suite("SQL is never built from values")
struct BoundParametersTests {
    static let allowed: Set<String> = [
        "PRAGMA application_id = \\(applicationID)",
        "PRAGMA user_version = \\(currentVersion)",
    ]

    /// The SQL keywords that open a statement; a string literal that starts with one is SQL.
    static let statementStart = try! NSRegularExpression(
        pattern: #"^\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|COMMIT|SAVEPOINT)\b"#,
        options: [.caseInsensitive])

    /// Multi-line literals first, then one-line ones (escapes included).
    static let stringLiteral = try! NSRegularExpression(
        pattern: #"\"\"\"[\s\S]*?\"\"\"|"(?:[^"\\\n]|\\.)*""#)

    static func sqlLiterals(in source: String) -> [String] {
        let whole = NSRange(source.startIndex..., in: source)
        return stringLiteral.matches(in: source, range: whole).compactMap { match in
            var literal = String(source[Range(match.range, in: source)!])
            literal =
                literal.hasPrefix("\"\"\"")
                ? String(literal.dropFirst(3).dropLast(3)) : String(literal.dropFirst().dropLast())
            let range = NSRange(literal.startIndex..., in: literal)
            return statementStart.firstMatch(in: literal, range: range) == nil ? nil : literal
        }
    }

    @Test func noInterpolationInSQL() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var literals = 0
        for file in files {
            let source = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            for sql in Self.sqlLiterals(in: source) {
                literals += 1
                #expect(!sql.contains("\\(") || Self.allowed.contains(sql), "\(file): \(sql)")
            }
        }
        #expect(literals > 20, "the scan found the library's SQL")
    }

    /// The scan itself: it must see interpolation in both kinds of literal.
    @Test func theScanFindsInterpolation() {
        let source = #"""
            db.execute(sql: "DELETE FROM item WHERE title = '\(title)'")
            let sql = """
                SELECT * FROM item
                WHERE id = \(id)
                """
            let message = "item \(id) is missing"
            """#
        let found = Self.sqlLiterals(in: source)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("\\(") })
    }
}
