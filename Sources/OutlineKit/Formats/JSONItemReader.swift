import Foundation

/// Reads `JSONDocumentReader`'s array of items from a scanner, with a stack of the items whose
/// objects are open in place of calls, so that depth costs no stack.
struct JSONItemReader {
    /// An item whose object is being read: what its members gave so far.
    struct OpenItem {
        /// Its number in the document, counted from 1 in the order the items start, for messages.
        var number: Int
        /// Where its `{` is.
        var start: Int
        var title: String?
        var isDone = false
        var note: String?
        var children: [ImportedItem] = []
        var doneAt: Date?
        var attributes = ItemAttributes()
        /// The keys read so far; `title`, `done` and the rest are bits of `knownKeys`, so that
        /// the usual object needs no set of its own.
        var knownKeys: UInt16 = 0
        var otherKeys: Set<String> = []

        /// Whether a member has been read (a `,` must come before the next).
        var hasMembers: Bool { knownKeys != 0 || !otherKeys.isEmpty }
    }

    /// What reading an item's members came to.
    enum Outcome {
        /// Its object closed: the item is done.
        case finished
        /// Its `children` array opened: its items come next.
        case enteredChildren
    }

    /// What the reader could not carry: the done time of an item that is not done.
    private(set) var report = ImportReport()

    /// A `done_at` on an item whose `done` is false, which the outline cannot hold.
    static let doneTimeOfOpenItem = ImportReport.Kind.dropped("done time of an open item", "done times of open items")

    /// The keys `ls --json` writes, each with its bit in `OpenItem.knownKeys`.
    static let knownKeys = [
        "title", "done", "note", "children", "id", "position", "hidden", "state", "tags", "scheduled", "due",
        "priority", "properties", "done_at", "last_done",
    ]

    /// The text, read from the front.
    var scanner: JSONScanner
    /// The items whose objects are open, the top-level one first.
    var open: [OpenItem] = []
    /// The top-level items finished so far.
    var roots: [ImportedItem] = []
    /// How many items have started so far.
    var count = 0

    /// A reader at the start of the text `scanner` holds.
    init(_ scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// The document's top-level items, with their children.
    ///
    /// - Throws: `DocumentError` with the line and column.
    mutating func read() throws -> [ImportedItem] {
        scanner.skipWhitespace()
        if scanner.isAtEnd { throw DocumentError(line: 1, "the file is not JSON: it holds nothing") }
        guard scanner.take(UInt8(ascii: "[")) else {
            // Broken JSON says where it breaks; JSON of another shape is named as such.
            let start = scanner.offset
            try scanner.skipValue()
            throw scanner.failure(at: start, "the JSON is not an array of items, as 'ls --json' writes")
        }
        // In an array of items (the top one, or an open item's children): whether an item has
        // been read in it.
        var afterItem = false
        while true {
            scanner.skipWhitespace()
            if scanner.take(UInt8(ascii: "]")) {
                if open.isEmpty { break }
                // Back in the object of the item that holds the array, after its `children`.
                afterItem = try readMembers() == .finished
                continue
            }
            if afterItem {
                try scanner.expect(UInt8(ascii: ","), #""," or "]""#, after: "an item")
                scanner.skipWhitespace()
            }
            try beginItem(afterComma: afterItem)
            afterItem = try readMembers() == .finished
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.notJSON("something follows the array of items") }
        return roots
    }

    /// Opens the item whose object starts at the current byte.
    private mutating func beginItem(afterComma: Bool) throws {
        let start = scanner.offset
        guard scanner.take(UInt8(ascii: "{")) else {
            guard let kind = scanner.kindOfValue else {
                throw scanner.expected(afterComma ? "an item" : #"an item or "]""#, after: afterComma ? #"",""# : nil)
            }
            throw scanner.failure(at: start, "item \(count + 1) is \(kind); it must be an object with a \"title\"")
        }
        count += 1
        if open.count == JSONDocumentReader.maximumDepth {
            throw scanner.failure(at: start, "items nest more than \(JSONDocumentReader.maximumDepth) levels deep")
        }
        open.append(OpenItem(number: count, start: start))
    }

    /// Reads the members of the innermost open item, up to the end of its object or the start of
    /// its `children` array.
    private mutating func readMembers() throws -> Outcome {
        let top = open.count - 1
        while true {
            scanner.skipWhitespace()
            if scanner.take(UInt8(ascii: "}")) {
                try finishItem()
                return .finished
            }
            if open[top].hasMembers {
                try scanner.expect(UInt8(ascii: ","), #""," or "}""#, after: "a member")
                scanner.skipWhitespace()
            }
            let keyStart = scanner.offset
            guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.expected("a key in double quotes") }
            let key = try scanner.readString()
            try note(key, at: keyStart)
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), #"":""#, after: "a key")
            scanner.skipWhitespace()
            let valueStart = scanner.offset
            switch key {
            case "title":
                guard scanner.peek() == UInt8(ascii: "\"") else { throw wrongType(key, "text") }
                open[top].title = try readValidated(at: valueStart, Title.validated)
            case "done":
                if scanner.take(literal: "true") {
                    open[top].isDone = true
                } else if !scanner.take(literal: "false") && !scanner.take(literal: "null") {
                    throw wrongType(key, "true or false")
                }
            case "note":
                if scanner.take(literal: "null") { continue }
                guard scanner.peek() == UInt8(ascii: "\"") else { throw wrongType(key, "text or null") }
                open[top].note = try readValidated(at: valueStart, Note.validated)
            case "children":
                if scanner.take(UInt8(ascii: "[")) { return .enteredChildren }
                // `ls --depth` writes null where it cut the list.
                if !scanner.take(literal: "null") { throw wrongType(key, "an array of items") }
            case _ where Self.attributeKeys.contains(key):
                try readAttribute(key)
            default:
                try scanner.skipValue()
            }
        }
    }

    /// Notes that the innermost open item has `key`, refusing it the second time.
    private mutating func note(_ key: String, at start: Int) throws {
        let top = open.count - 1
        let repeated: Bool
        if let bit = Self.knownKeys.firstIndex(of: key) {
            repeated = open[top].knownKeys & 1 << bit != 0
            open[top].knownKeys |= 1 << bit
        } else {
            repeated = !open[top].otherKeys.insert(key).inserted
        }
        if repeated {
            throw scanner.failure(
                at: start,
                "item \(open[top].number) has the key \(JSONText.quote(key)) twice; a key may appear once in an object")
        }
    }

    /// Reads a string value and keeps it as `validate` stores it (a title, a note); a value the
    /// store would refuse is refused at `start`, with the store's reason.
    private mutating func readValidated<Value>(at start: Int, _ validate: (String) throws -> Value) throws -> Value {
        let text = try scanner.readString()
        do {
            return try validate(text)
        } catch let error as OutlineError {
            throw scanner.failure(at: start, error.message)
        }
    }

    /// The refusal of the value at the current byte, which is not what `key` takes (`wanted`).
    /// A value that is not even JSON is refused as such.
    func wrongType(_ key: String, _ wanted: String) -> DocumentError {
        guard let kind = scanner.kindOfValue else { return scanner.expected("a value") }
        return scanner.failure(
            at: scanner.offset, "\"\(key)\" of item \(open[open.count - 1].number) is \(kind); it must be \(wanted)")
    }

    /// Closes the innermost open item, and puts it last among its parent's children (or the
    /// top-level items).
    private mutating func finishItem() throws {
        let done = open.removeLast()
        guard let title = done.title else {
            throw scanner.failure(at: done.start, "item \(done.number) has no \"title\" text")
        }
        if !done.isDone, done.doneAt != nil {
            // An open item has no done time to keep; its line is counted only where it happens,
            // since finding a line reads the text from its start.
            report.record(Self.doneTimeOfOpenItem, line: scanner.failure(at: done.start, "").line)
        }
        let item = ImportedItem(
            title: title, isDone: done.isDone, note: done.note, children: done.children, doneAt: done.doneAt,
            attributes: done.attributes)
        if open.isEmpty {
            roots.append(item)
        } else {
            open[open.count - 1].children.append(item)
        }
    }
}
