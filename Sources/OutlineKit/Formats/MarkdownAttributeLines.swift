/// The attribute lines right under a Markdown item, as Logseq writes them and `MarkdownWriter`
/// writes them back: `tags:: home, errands`, `scheduled:: <...>`, `due::` (or Logseq's
/// `deadline::`), `priority:: A`, any other `key:: value` as a property (`id::` and
/// `collapsed::` included, so that `((uuid))` references and folding survive a trip back to
/// Logseq), and Logseq's `SCHEDULED: <...>` and `DEADLINE: <...>` planning lines.
enum MarkdownAttributeLines {
    /// What became of a line offered as an attribute line.
    enum Outcome: Equatable {
        /// It is not one: the item's attribute lines have ended.
        case notAttribute
        /// It was read into the item.
        case read
        /// It has an attribute line's shape but a value or key the outline refuses, or gives an
        /// attribute the item already has: the reader keeps it in the note.
        case unreadable
    }

    /// Reads `text` (a line after its indent) into `item`'s attributes.
    static func read(_ text: Substring, into item: inout ImportedItem) -> Outcome {
        if let (scheduled, due) = MarkdownDate.planning(text) {
            guard (scheduled == nil || item.attributes.scheduled == nil), due == nil || item.attributes.due == nil
            else { return .unreadable }
            if let scheduled { item.attributes.scheduled = scheduled }
            if let due { item.attributes.due = due }
            return .read
        }
        guard let (key, value) = property(text) else {
            let looksPlanned = text.startsWith(ascii: "SCHEDULED:") || text.startsWith(ascii: "DEADLINE:")
            return looksPlanned ? .unreadable : .notAttribute
        }
        var attributes = item.attributes
        switch key.lowercased() {
        case "tags":
            guard attributes.tags.isEmpty, let tags = tags(value) else { return .unreadable }
            attributes.tags = tags
        case "scheduled":
            guard attributes.scheduled == nil, let date = MarkdownDate.read(value) else { return .unreadable }
            attributes.scheduled = date
        case "due", "deadline":
            guard attributes.due == nil, let date = MarkdownDate.read(value) else { return .unreadable }
            attributes.due = date
        case "priority":
            guard attributes.priority == nil, let priority = Priority(rawValue: String(value)) else {
                return .unreadable
            }
            attributes.priority = priority
        default:
            guard (try? ItemProperty.validatedKey(String(key), in: String(key))) == String(key), !value.isEmpty,
                ItemProperty.isOneLine(String(value)), attributes.property(String(key)) == nil
            else { return .unreadable }
            attributes.properties.append(ItemProperty(key: String(key), value: String(value)))
        }
        item.attributes = attributes
        return .read
    }

    /// The key and value of a `key:: value` line (the value as written after `:: `).
    static func property(_ text: Substring) -> (key: Substring, value: Substring)? {
        guard MarkdownReader.isProperty(text) else { return nil }
        guard let colons = text.firstRange(of: ":: ") else { return (text.dropLast(2), "") }
        return (text[..<colons.lowerBound], text[colons.upperBound...])
    }

    /// `home, errands`, `#home, [[errands]]`: each tag once, each one the outline takes; nil
    /// otherwise (`[[two words]]` is a Logseq page, not a tag).
    static func tags(_ value: Substring) -> [String]? {
        var tags: [String] = []
        var keys = Set<String>()
        for part in value.split(separator: ",") {
            var word = part.trimmingPrefix(while: { $0 == " " })
            while word.last == " " { word = word.dropLast() }
            if word.hasPrefix("#") { word = word.dropFirst() }
            if word.hasPrefix("[["), word.hasSuffix("]]"), word.count > 4 { word = word.dropFirst(2).dropLast(2) }
            guard let tag = try? Tag.validated(String(word)), keys.insert(Tag.key(tag)).inserted else { return nil }
            tags.append(tag)
        }
        return tags.isEmpty ? nil : tags
    }

    /// Appends the lines `MarkdownWriter` writes for `attributes` (but the state, which is on
    /// the item's line, and `skipping` a property written there), in SPEC's order, each after
    /// `indent` spaces. Most items have none: the test for that comes first, since an export
    /// makes it for every item.
    static func append(_ attributes: ItemAttributes, skipping skipped: Int?, indent: Int, to bytes: inout [UInt8]) {
        guard
            !attributes.tags.isEmpty || attributes.scheduled != nil || attributes.due != nil
                || attributes.priority != nil || !attributes.properties.isEmpty
        else { return }
        func line(_ key: String, _ value: String) {
            bytes.appendSpaces(indent)
            bytes.append(key)
            bytes.append(":: ")
            bytes.append(value)
            bytes.append(UInt8(ascii: "\n"))
        }
        if !attributes.tags.isEmpty { line("tags", attributes.tags.joined(separator: ", ")) }
        if let scheduled = attributes.scheduled { line("scheduled", MarkdownDate.text(scheduled)) }
        if let due = attributes.due { line("due", MarkdownDate.text(due)) }
        if let priority = attributes.priority { line("priority", priority.rawValue) }
        for (index, property) in attributes.properties.enumerated() where index != skipped {
            line(property.key, property.value)
        }
    }
}
