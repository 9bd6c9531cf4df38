/// One `key: value` pair of an item, as org-mode's property drawers and Logseq's `key:: value`
/// lines hold them.
public struct ItemProperty: Equatable, Hashable, Sendable {
    /// The key, as first written: a word of letters, digits, `_` and `-`, compared ignoring case.
    public var key: String
    /// The value: one line of text, never empty.
    public var value: String

    /// A property with the given key and value, unchecked.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Keys that name something else: the attributes `show --json` gives as fields of their own,
    /// the attributes OPML uses for an item's note, its state and its text, and org-mode's
    /// special properties, which an org file's drawer cannot hold.
    public static let reservedKeys: Set<String> = [
        "state", "tags", "tag", "scheduled", "due", "priority", "properties", "note", "done_at", "last_done",
        "complete", "status", "text", "deadline", "closed", "todo", "item", "alltags",
    ]

    /// Reads `KEY=VALUE` as `set --property` takes it; a nil value (`KEY=`) removes the key.
    ///
    /// - Throws: `invalidProperty`, saying whether the key or the value is at fault.
    public static func assignment(parsing text: String) throws -> (key: String, value: String?) {
        guard let equals = text.firstIndex(of: "=") else {
            throw OutlineError.invalidProperty(text, reason: "expected KEY=VALUE (KEY= removes it)")
        }
        let key = try validatedKey(String(text[..<equals]), in: text)
        let value = String(text[text.index(after: equals)...]).trimmingWhiteSpace()
        if value.isEmpty { return (key, nil) }
        guard isOneLine(value) else {
            throw OutlineError.invalidProperty(text, reason: "a value is one line of text, without control characters")
        }
        return (key, value)
    }

    /// Whether `value` is one line of text without control characters, as a value must be.
    static func isOneLine(_ value: String) -> Bool {
        !value.unicodeScalars.contains { Title.isControl($0) || Title.isLineSeparator($0) }
    }

    /// Reads `KEY` or `KEY=VALUE` as `find --property` takes it: a key to look for, and the value
    /// it must have, if one is given.
    ///
    /// - Throws: `invalidProperty`.
    public static func filter(parsing text: String) throws -> (key: String, value: String?) {
        guard text.contains("=") else { return (try validatedKey(text, in: text), nil) }
        return try assignment(parsing: text)
    }

    /// `key` checked as a property key.
    ///
    /// - Throws: `invalidProperty`.
    static func validatedKey(_ key: String, in text: String) throws -> String {
        let key = key.trimmingWhiteSpace()
        guard !key.isEmpty,
            key.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.generalCategory == .decimalNumber || $0 == "_" || $0 == "-"
            })
        else {
            throw OutlineError.invalidProperty(text, reason: "a key is one word of letters, digits, _ and -")
        }
        if reservedKeys.contains(key.lowercased()) {
            throw OutlineError.invalidProperty(
                text, reason: "\(key.lowercased()) is reserved; use \(reservedAdvice(key.lowercased()))")
        }
        return key
    }

    private static func reservedAdvice(_ key: String) -> String {
        switch key {
        case "state", "scheduled", "due", "priority": "--\(key) instead"
        case "tags", "tag": "--tag instead"
        case "deadline": "--due instead"
        case "note": "outline note instead"
        default: "another key"
        }
    }
}
