extension DocumentFormat {
    /// The format a file's name says, by its extension: `.md`, `.markdown`, `.opml`, `.org`,
    /// `.txt`, `.json`.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "md", "markdown", "mdown", "mkd": self = .markdown
        case "opml": self = .opml
        case "org": self = .org
        case "txt", "text": self = .text
        case "json": self = .json
        default: return nil
        }
    }

    /// The format a document's content suggests, read in UTF-8, UTF-16 or UTF-32: Markdown's
    /// `<!-- workflow: ... -->` line is Markdown, other XML is OPML,
    /// tasks (objects with `uuid` and `description`) are taskwarrior's,
    /// an array is JSON, a line that starts with `* ` after a first line that does is org (`*`
    /// bullets without one are Markdown), a bullet or heading is Markdown, and anything else
    /// text.
    public init(content bytes: [UInt8]) {
        // XML in UTF-16 may lack a byte order mark and start with a "<" beside a zero byte.
        if bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C]) {
            self = .opml
            return
        }
        self.init(text: UnicodeDocument.head(bytes, count: 64 * 1024))
    }

    /// The format that the start of a document, in UTF-8, suggests.
    private init(text head: [UInt8]) {
        let start = head.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let first = start.map { head[$0] }
        // The comment `MarkdownWriter` starts a document with when the workflow is not the default.
        if let start, head[start...].starts(with: "<!-- workflow:".utf8) {
            self = .markdown
            return
        }
        if first == UInt8(ascii: "<") {
            self = .opml
            return
        }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{"), Self.holdsTasks(head) {
            self = .taskwarrior
            return
        }
        if first == UInt8(ascii: "[") {
            self = .json
            return
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\n").map {
            $0.drop { $0 == " " || $0 == "\t" }
        }
        let orgLike =
            lines.contains { $0.hasPrefix("#+") } || lines.contains { $0.hasPrefix("** ") }
            || (lines.first?.hasPrefix("* ") == true && !lines.contains { $0.hasPrefix("- ") })
        if orgLike {
            self = .org
        } else if lines.contains(where: { MarkdownReader.bulletContent(Substring($0)) != nil || $0.hasPrefix("#") }) {
            self = .markdown
        } else {
            self = .text
        }
    }

    /// The format for a document named `fileName` holding `bytes`: the name's, else the
    /// content's. A `.txt` file whose first line is a bullet is a Markdown list (Workflowy's
    /// plain-text export, say), since plain text has no bullets to strip.
    public init(fileName: String?, content bytes: [UInt8]) {
        guard let named = fileName.flatMap(DocumentFormat.init(fileName:)) else {
            self.init(content: bytes)
            return
        }
        if named == .json, DocumentFormat(content: bytes) == .taskwarrior {
            self = .taskwarrior
            return
        }
        if named == .text, DocumentFormat(content: bytes) == .markdown,
            let first = String(decoding: UnicodeDocument.head(bytes, count: 4096), as: UTF8.self).split(
                separator: "\n"
            ).first(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" } }),
            MarkdownReader.bulletContent(first.drop { $0 == " " || $0 == "\t" }) != nil
        {
            self = .markdown
            return
        }
        self = named
    }

    /// Whether the first object of a JSON document (at the top level, or the array's first
    /// element) has the fields `uuid` and `description`, as every task of `task export` has and
    /// no item of `ls --json` does.
    private static func holdsTasks(_ head: [UInt8]) -> Bool {
        var scanner = JSONScanner(head)
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "[")) { scanner.skipWhitespace() }
        guard scanner.take(UInt8(ascii: "{")) else { return false }
        var keys = Set<String>()
        repeat {
            scanner.skipWhitespace()
            guard let key = try? scanner.readString() else { break }
            keys.insert(key)
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")), (try? scanner.skipValue()) != nil else { break }
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        return keys.contains("uuid") && keys.contains("description")
    }

    /// The items of `bytes` read in this format, into an outline whose workflow is
    /// `context.workflow`: the items alone (see `read(_:context:)` for the document's workflow
    /// and report).
    ///
    /// - Throws: `DocumentError`.
    public func read(_ bytes: [UInt8], context: DocumentReadingContext = DocumentReadingContext()) throws
        -> [ImportedItem]
    {
        try readDocument(bytes, context: context).items
    }

    /// The document `bytes` holds, read in this format: its items, the workflow it declares and
    /// what could not be carried.
    ///
    /// - Throws: `DocumentError`.
    public func readDocument(_ bytes: [UInt8], context: DocumentReadingContext = DocumentReadingContext()) throws
        -> ImportedDocument
    {
        switch self {
        case .markdown: try MarkdownReader.read(bytes, context: context)
        case .opml: try OPMLReader.read(bytes, context: context)
        case .org: try OrgReader.read(bytes, context: context)
        case .text: ImportedDocument(items: try TextReader.read(bytes))
        case .json: try JSONDocumentReader.readDocument(bytes)
        case .taskwarrior: try TaskwarriorReader.read(bytes, context: context)
        }
    }
}
