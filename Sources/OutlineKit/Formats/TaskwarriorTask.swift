/// One task of a `task export`, as the JSON gives it: the fields the reader turns into an item's
/// own parts, and every other field in order, its value as text.
struct TaskwarriorTask {
    /// The line the task's object starts on, for messages and the report.
    let line: Int
    /// Where the object starts, for errors about the task as a whole.
    let offset: Int
    /// The `description`: the title.
    var description: String?
    /// The `status`: pending, waiting, completed, deleted or recurring.
    var status: String?
    /// The `uuid`.
    var uuid: String?
    /// The `project`, dotted: `Home.Garden`.
    var project: String?
    /// The `tags`.
    var tags: [String] = []
    /// The `annotations`, each its `entry` (a moment) and `description`.
    var annotations: [(entry: String, text: String)] = []
    /// Every other field but `id` and `urgency`, in order: a string's value, a list of strings
    /// joined by `,` (`depends`), any other value as its JSON text (`"imask":0` is `0`).
    var fields: [(key: String, value: String)] = []

    /// The value of the field `key`.
    func field(_ key: String) -> String? { fields.first { $0.key == key }?.value }

    /// Takes the field `key` out of `fields`, returning its value.
    mutating func take(_ key: String) -> String? {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return nil }
        return fields.remove(at: index).value
    }

    /// Reads the tasks of a document: a JSON array of objects, or one object a line, as
    /// `task export` writes them with `rc.json.array` on or off.
    ///
    /// - Throws: `DocumentError` where the text is not JSON or a task's field has the wrong
    ///   type.
    static func all(in scanner: inout JSONScanner) throws -> [TaskwarriorTask] {
        var tasks: [TaskwarriorTask] = []
        scanner.skipWhitespace()
        let inArray = scanner.take(UInt8(ascii: "["))
        scanner.skipWhitespace()
        if inArray, scanner.take(UInt8(ascii: "]")) {
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.notJSON("something follows the array") }
            return []
        }
        while !scanner.isAtEnd {
            tasks.append(try read(&scanner))
            scanner.skipWhitespace()
            if inArray {
                if scanner.take(UInt8(ascii: "]")) {
                    scanner.skipWhitespace()
                    guard scanner.isAtEnd else { throw scanner.notJSON("something follows the array") }
                    return tasks
                }
                try scanner.expect(UInt8(ascii: ","), #""," or "]""#, after: "a task")
                scanner.skipWhitespace()
            }
        }
        if inArray { throw scanner.expected(#""]""#) }
        return tasks
    }

    /// One task's object.
    private static func read(_ scanner: inout JSONScanner) throws -> TaskwarriorTask {
        let offset = scanner.offset
        guard scanner.take(UInt8(ascii: "{")) else { throw scanner.expected("a task, {...}") }
        var task = TaskwarriorTask(line: scanner.failure(at: offset, "").line, offset: offset)
        var seen = Set<String>()
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "}")) { return task }
        repeat {
            scanner.skipWhitespace()
            let keyStart = scanner.offset
            let key = try scanner.readString()
            guard seen.insert(key).inserted else {
                throw scanner.failure(at: keyStart, "the task has the field \(JSONText.quote(key)) twice")
            }
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), #"":""#, after: "a field's name")
            scanner.skipWhitespace()
            try task.readValue(of: key, &scanner)
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), #""," or "}""#, after: "a field")
        return task
    }

    /// Reads the value of the field `key` into the task.
    private mutating func readValue(of key: String, _ scanner: inout JSONScanner) throws {
        let start = scanner.offset
        func string() throws -> String {
            guard scanner.peek() == UInt8(ascii: "\"") else {
                throw scanner.failure(at: start, "\(JSONText.quote(key)) should be a string")
            }
            return try scanner.readString()
        }
        switch key {
        case "id", "urgency": try scanner.skipValue()
        case "description": description = try string()
        case "status": status = try string()
        case "uuid": uuid = try string()
        case "project": project = try string()
        case "tags": tags = try Self.strings(key, &scanner)
        case "annotations": annotations = try Self.annotations(&scanner)
        default:
            let before = scanner
            if scanner.peek() == UInt8(ascii: "\"") {
                fields.append((key, try scanner.readString()))
            } else if scanner.peek() == UInt8(ascii: "["), let list = try? Self.strings(key, &scanner) {
                fields.append((key, list.joined(separator: ",")))
            } else {
                // Anything else is kept as the JSON text it is: read again from its start.
                scanner = before
                try scanner.skipValue()
                fields.append((key, String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self)))
            }
        }
    }

    /// An array of strings.
    private static func strings(_ key: String, _ scanner: inout JSONScanner) throws -> [String] {
        let start = scanner.offset
        guard scanner.take(UInt8(ascii: "[")) else {
            throw scanner.failure(at: start, "\(JSONText.quote(key)) should be an array of strings")
        }
        var values: [String] = []
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "]")) { return [] }
        repeat {
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "\"") else {
                throw scanner.failure(at: scanner.offset, "\(JSONText.quote(key)) should be an array of strings")
            }
            values.append(try scanner.readString())
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), #""," or "]""#, after: "a string")
        return values
    }

    /// `[{"entry": "20261201T101500Z", "description": "..."}]`.
    private static func annotations(_ scanner: inout JSONScanner) throws -> [(entry: String, text: String)] {
        guard scanner.take(UInt8(ascii: "[")) else { throw scanner.expected("an array of annotations") }
        var annotations: [(entry: String, text: String)] = []
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "]")) { return [] }
        repeat {
            scanner.skipWhitespace()
            let start = scanner.offset
            guard scanner.take(UInt8(ascii: "{")) else {
                throw scanner.expected("an annotation, {\"entry\", \"description\"}")
            }
            var entry: String?
            var text: String?
            repeat {
                scanner.skipWhitespace()
                let key = try scanner.readString()
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), #"":""#, after: "a field's name")
                scanner.skipWhitespace()
                switch key {
                case "entry": entry = try scanner.readString()
                case "description": text = try scanner.readString()
                default: try scanner.skipValue()
                }
                scanner.skipWhitespace()
            } while scanner.take(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), #""," or "}""#, after: "a field")
            guard let entry, let text else {
                throw scanner.failure(at: start, "an annotation needs an \"entry\" and a \"description\"")
            }
            annotations.append((entry, text))
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), #""," or "]""#, after: "an annotation")
        return annotations
    }
}
