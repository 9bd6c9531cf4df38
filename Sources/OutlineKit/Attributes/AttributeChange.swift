/// What `set` (and `add`, for the items it adds) changes of items' attributes. A field left nil
/// is left as it is.
public struct AttributeChange: Equatable, Sendable {
    /// A new state: a keyword of the workflow (as typed: `todo` is `TODO`), or plain.
    public enum State: Equatable, Sendable {
        /// The keyword, matched ignoring case against the outline's workflow.
        case keyword(String)
        /// No keyword: a plain item.
        case plain
    }

    /// The new state.
    public var state: State?
    /// Tags to add, each checked by `Tag.validated`.
    public var addedTags: [String] = []
    /// Tags to remove, matched ignoring case.
    public var removedTags: [String] = []
    /// The new scheduled date; `.some(nil)` removes it.
    public var scheduled: TaskDate??
    /// The new due date; `.some(nil)` removes it.
    public var due: TaskDate??
    /// The new priority; `.some(nil)` removes it.
    public var priority: Priority??
    /// Properties to set (a value) or remove (nil), in order: a later one of the same key wins.
    public var properties: [(key: String, value: String?)] = []

    /// A change of nothing, to fill in.
    public init() {}

    /// Whether the change names nothing to change.
    public var isEmpty: Bool {
        state == nil && addedTags.isEmpty && removedTags.isEmpty && scheduled == nil && due == nil
            && priority == nil && properties.isEmpty
    }

    /// Properties compared key by key and value by value.
    public static func == (lhs: AttributeChange, rhs: AttributeChange) -> Bool {
        lhs.state == rhs.state && lhs.addedTags == rhs.addedTags && lhs.removedTags == rhs.removedTags
            && lhs.scheduled == rhs.scheduled && lhs.due == rhs.due && lhs.priority == rhs.priority
            && lhs.properties.map(\.key) == rhs.properties.map(\.key)
            && lhs.properties.map(\.value) == rhs.properties.map(\.value)
    }

    /// What the change sets, in words, for a step's name: `TODO`, `+work`, `-home`,
    /// `due 2026-12-01`, `no priority`, `Effort=2h`.
    var words: [String] {
        var words: [String] = []
        switch state {
        case .keyword(let keyword): words.append(keyword.uppercased())
        case .plain: words.append("no state")
        case nil: break
        }
        words += addedTags.map { "+" + $0 } + removedTags.map { "-" + $0 }
        for (name, date) in [("scheduled", scheduled), ("due", due)] {
            guard let date else { continue }
            words.append(date.map { "\(name) \($0)" } ?? "no \(name) date")
        }
        if let priority { words.append(priority.map { "priority \($0.rawValue)" } ?? "no priority") }
        words += properties.map { $0.key + "=" + ($0.value ?? "") }
        return words
    }

    /// `attributes` with this change made, the state aside (`OutlineStore` applies it, since it
    /// depends on the workflow, the time and the item's dates).
    func applied(to attributes: ItemAttributes) -> ItemAttributes {
        var result = attributes
        for tag in addedTags where !result.tags.contains(where: { Tag.key($0) == Tag.key(tag) }) {
            result.tags.append(tag)
        }
        let removed = Set(removedTags.map(Tag.key))
        result.tags.removeAll { removed.contains(Tag.key($0)) }
        if let scheduled { result.scheduled = scheduled }
        if let due { result.due = due }
        if let priority { result.priority = priority }
        for (key, value) in properties {
            let index = result.properties.firstIndex { $0.key.lowercased() == key.lowercased() }
            switch (index, value) {
            case (let index?, let value?): result.properties[index].value = value
            case (let index?, nil): result.properties.remove(at: index)
            case (nil, let value?): result.properties.append(ItemProperty(key: key, value: value))
            case (nil, nil): break
            }
        }
        return result
    }
}
