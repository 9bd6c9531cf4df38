/// The operations that bring one item's content in the log to what it is here: one for each
/// value that differs, so that what another machine changed in the same item's other values
/// stands.
extension SyncDiff {
    /// The operations from `node` (the log's copy of `uid`) to `item` (this machine's).
    static func contentOperations(of uid: String, from node: SyncTree.Node, to item: SyncTree.Node)
        -> [SyncOperation]
    {
        let old = node.attributes
        let new = item.attributes
        var operations: [SyncOperation] = []
        if node.title != item.title { operations.append(.setTitle(uid: uid, title: item.title)) }
        if node.doneAt != item.doneAt || old.state != new.state || old.lastDone != new.lastDone {
            operations.append(.setState(uid: uid, keyword: new.state, doneAt: item.doneAt, lastDone: new.lastDone))
        }
        if node.note != item.note { operations.append(.setNote(uid: uid, note: item.note)) }
        if old.scheduled != new.scheduled {
            operations.append(.setDate(uid: uid, field: .scheduled, date: new.scheduled))
        }
        if old.due != new.due { operations.append(.setDate(uid: uid, field: .due, date: new.due)) }
        if old.priority != new.priority { operations.append(.setPriority(uid: uid, priority: new.priority)) }
        operations += tagOperations(uid, from: old.tags, to: new.tags)
        operations += propertyOperations(uid, from: old.properties, to: new.properties)
        return operations
    }

    /// Tags taken, then tags added, compared as the item compares them (ignoring case); a tag
    /// respelled (`work` to `Work`) is taken and added again.
    private static func tagOperations(_ uid: String, from old: [String], to new: [String]) -> [SyncOperation] {
        guard old != new else { return [] }
        let kept = Set(old).intersection(new)
        let newKeys = Set(new.filter { kept.contains($0) }.map(Tag.key))
        let taken = old.filter { !kept.contains($0) }
        let added = new.filter { !kept.contains($0) && !newKeys.contains(Tag.key($0)) }
        return taken.map { .untag(uid: uid, tag: $0) } + added.map { .tag(uid: uid, tag: $0) }
    }

    /// Properties removed, then those set or changed, by key (ignoring case, as items compare
    /// them). A key respelled is removed and set again, so that every machine spells it alike.
    private static func propertyOperations(_ uid: String, from old: [ItemProperty], to new: [ItemProperty])
        -> [SyncOperation]
    {
        guard old != new else { return [] }
        let newKeys = Set(new.map(\.key))
        var operations: [SyncOperation] = old.filter { !newKeys.contains($0.key) }.map {
            .setProperty(uid: uid, key: $0.key, value: nil)
        }
        let oldPairs = Set(old)
        for property in new where !oldPairs.contains(property) {
            operations.append(.setProperty(uid: uid, key: property.key, value: property.value))
        }
        return operations
    }
}
