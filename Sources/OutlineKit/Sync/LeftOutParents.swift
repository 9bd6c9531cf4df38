/// Where this machine's items go when the list it put them in is one the log no longer names.
///
/// A snapshot leaves removed items out, and every machine forgets them (`sync compact`): an item
/// added or moved here under one of them, before this machine read the snapshot, would go to the
/// top level, the only place every machine can agree on without knowing the list's parents. This
/// machine still knows them, from its copy of the log as it last synced it: its batch names the
/// nearest of them that the log still names, so every machine puts the item there, as they do
/// for an item whose parent was removed without a snapshot.
enum LeftOutParents {
    /// `operations` with each create and move under an item `brought` does not name but
    /// `reference` does sent to the nearest ancestor `brought` names (or the top level), and
    /// the items moved so, with the list each goes to as the round reports it.
    static func placed(_ operations: [SyncOperation], reference: SyncTree, brought: SyncTree) -> (
        operations: [SyncOperation], movedUp: [(uid: String, to: String)]
    ) {
        var movedUp: [(uid: String, to: String)] = []
        /// `parent`, or the ancestor that stands for it, noting the item when it moves up.
        func place(_ uid: String, under parent: String) -> String {
            guard let known = knownAncestor(of: parent, reference: reference, brought: brought) else { return parent }
            movedUp.append((uid, brought.nearestLive(known)))
            return known
        }
        let placed = operations.map { operation -> SyncOperation in
            switch operation {
            case .create(let uid, let parent, let key, let title, let doneAt, let note, let attributes):
                return .create(
                    uid: uid, parent: place(uid, under: parent), key: key, title: title, doneAt: doneAt, note: note,
                    attributes: attributes)
            case .move(let uid, let parent, let key):
                return .move(uid: uid, parent: place(uid, under: parent), key: key)
            default:
                return operation
            }
        }
        return (placed, movedUp)
    }

    /// The nearest ancestor of `parent` that `brought` names, through `reference`; nil when
    /// `brought` names `parent` itself, or `reference` does not know it (an item made here).
    private static func knownAncestor(of parent: String, reference: SyncTree, brought: SyncTree) -> String? {
        guard parent != SyncTree.rootUID, brought[parent] == nil, reference[parent] != nil else { return nil }
        var current = parent
        var steps = 0
        while current != SyncTree.rootUID, brought[current] == nil, let node = reference[current],
            steps <= reference.uids.count
        {
            current = node.parent
            steps += 1
        }
        return brought[current] == nil ? SyncTree.rootUID : current
    }
}
