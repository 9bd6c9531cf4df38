/// Counts of words compared by a folded key (tags, property keys), each shown as the item with the
/// lowest id spells it: what `tags` and the completion of property keys list.
struct SpellingTally {
    private var entries: [String: (spelling: String, first: ItemID, count: Int)] = [:]

    /// Counts `count` items under `key`, the first of them (by id) `first`, spelling it `spelling`.
    mutating func add(_ spelling: String, key: String, first: ItemID, count: Int = 1) {
        guard let known = entries[key] else {
            entries[key] = (spelling, first, count)
            return
        }
        entries[key] = (first < known.first ? spelling : known.spelling, min(first, known.first), known.count + count)
    }

    /// Each word's spelling and count, most used first, then by key.
    var byUse: [UsageCount] {
        entries.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map {
            UsageCount(name: $0.value.spelling, count: $0.value.count)
        }
    }
}
