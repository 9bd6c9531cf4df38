/// What a round does where this machine changed a value that another machine changed first
/// (SPEC, "Sync": nothing typed is lost). This machine's batch comes later in the log, so its
/// value is the one the outline shows; the other is set aside as a conflict written into the
/// same batch, so that every machine lists it. A note changed on both merges line by line
/// where the changes do not overlap; tags never conflict (each is added or taken alone).
///
/// - `reference`: the log's outline this machine's changes were made against.
/// - `brought`: the log's outline now, with what the other machines sent since.
enum SyncConflicts {
    /// This machine's operations as they are sent (a note merged, changes to an item removed
    /// elsewhere left out), followed by the conflicts they make.
    static func settle(_ pending: [SyncOperation], reference: SyncTree, brought: SyncTree) -> [SyncOperation] {
        var sent: [SyncOperation] = []
        var conflicts: [SyncConflict] = []
        // Changes to items another machine removed: set aside together, item by item.
        var editsOfRemoved: [String: [SyncOperation]] = [:]
        var removedOrder: [String] = []
        // The lists of what was brought, made once and only if an item needs them.
        var broughtChildren: [String: [String]]?
        /// Sends one change of a value, settled: as it is, merged, or with its conflict after it.
        func send(_ change: SyncOperation, before: SyncTree.Node, now: SyncTree.Node) {
            switch settleValue(change, before: before, now: now) {
            case .send(let settled): sent.append(settled)
            case .conflict(var conflict):
                sent.append(change)
                // Where the item is: listed when a later snapshot leaves the item out.
                conflict.path = brought.titles(of: change.uid)
                conflicts.append(conflict)
            }
        }
        for operation in pending {
            let uid = operation.uid
            guard let before = reference[uid], before.isLive else {
                // Brought back here (an undo, a take) and by another machine too: the values
                // changed here are changes of the item that machine brought back. Where this
                // machine's log no longer names the item (a snapshot left it out, or a lost log
                // held it), every value is measured from none: one that differs from the other
                // machine's is set aside, not overwritten.
                if case .create(_, _, _, let title, let doneAt, let note, let attributes) = operation,
                    let now = brought[uid], now.isLive
                {
                    let before =
                        reference[uid]
                        ?? SyncTree.Node(parent: now.parent, key: now.key, title: "", isLive: false)
                    let mine = SyncTree.Node(
                        parent: now.parent, key: now.key, title: title, doneAt: doneAt, note: note, isLive: true,
                        attributes: attributes)
                    for change in SyncDiff.contentOperations(of: uid, from: before, to: mine) {
                        send(change, before: before, now: now)
                    }
                    continue
                }
                sent.append(operation)
                continue
            }
            // Removed by another machine (and perhaps left out of a snapshot since).
            guard let now = brought[uid], now.isLive else {
                if isContentChange(operation) {
                    if editsOfRemoved[uid] == nil { removedOrder.append(uid) }
                    editsOfRemoved[uid, default: []].append(operation)
                } else {
                    sent.append(operation)
                }
                continue
            }
            // Removed here, changed or moved elsewhere first: the removal wins, the other is
            // set aside.
            if case .delete = operation, !Value.sameContent(before, now) || before.parent != now.parent {
                sent.append(operation)
                if broughtChildren == nil { broughtChildren = brought.childrenByParent() }
                // The creates bring the item back as the other machine left it; the changes
                // it made, spelled out after them, are what a take sets on the item if it is
                // back already (its removal undone) without touching the rest.
                conflicts.append(
                    SyncConflict(
                        uid: uid, what: "removed", kept: "removed", setAside: now.title,
                        restore: subtree(uid, in: brought, children: broughtChildren!)
                            + SyncDiff.contentOperations(of: uid, from: before, to: now),
                        path: brought.titles(of: uid)))
                continue
            }
            send(operation, before: before, now: now)
        }
        let children = removedOrder.isEmpty ? [:] : reference.childrenByParent()
        for uid in removedOrder {
            let edits = editsOfRemoved[uid]!
            // The item as this machine left it: its own node alone, with its changes.
            var edited = SyncTree(nodes: [uid: reference[uid]!])
            for edit in edits where !isMove(edit) { edited.apply(edit) }
            conflicts.append(
                SyncConflict(
                    uid: uid, what: "removed", kept: "removed", setAside: edited[uid]!.title,
                    restore: subtree(uid, in: reference, children: children) + edits, path: reference.titles(of: uid)))
        }
        return sent + conflicts.map { .conflict($0) }
    }

    /// Whether `operation` changes an item that is there: a value of it, or its list (a new
    /// place in the same list is no change of the item).
    private static func isContentChange(_ operation: SyncOperation) -> Bool {
        switch operation {
        case .setTitle, .setState, .setNote, .setDate, .setPriority, .tag, .untag, .setProperty, .move: true
        default: false
        }
    }

    private enum Settled {
        case send(SyncOperation)
        case conflict(SyncConflict)
    }

    /// One change of one value: sent as it is where the other machines left the value alone or
    /// set the same; a note merged where the changes do not overlap; else a conflict.
    private static func settleValue(_ operation: SyncOperation, before: SyncTree.Node, now: SyncTree.Node)
        -> Settled
    {
        guard let what = Value.what(operation) else { return .send(operation) }
        var applied = SyncTree(nodes: [operation.uid: now])
        applied.apply(operation)
        let mine = applied[operation.uid]!
        let base = Value(what, of: before)
        let theirs = Value(what, of: now)
        let ours = Value(what, of: mine)
        guard theirs.exact != base.exact, ours.shown != theirs.shown else { return .send(operation) }
        if case .setNote(let uid, let note) = operation {
            switch ThreeWayMerge.merge(base: before.note, ours: note, theirs: now.note) {
            case .merged(let text): return .send(.setNote(uid: uid, note: text.isEmpty ? nil : text))
            case .conflicting: break
            }
        }
        return .conflict(
            SyncConflict(
                uid: operation.uid, what: what, kept: ours.shown, setAside: theirs.shown,
                restore: [Value.restore(what, from: now, uid: operation.uid)]))
    }

    /// Whether `operation` moves an item (which a tree of one node cannot apply).
    private static func isMove(_ operation: SyncOperation) -> Bool {
        if case .move = operation { return true }
        return false
    }

    /// The creates that bring `uid` back with its subtree as `tree` holds it (`children`, its
    /// lists), parents first.
    private static func subtree(_ uid: String, in tree: SyncTree, children: [String: [String]]) -> [SyncOperation] {
        var operations: [SyncOperation] = []
        var stack = [uid]
        while let current = stack.popLast() {
            let node = tree[current]!
            operations.append(
                .create(
                    uid: current, parent: node.parent, key: node.key, title: node.title, doneAt: node.doneAt,
                    note: node.note, attributes: node.attributes))
            stack.append(contentsOf: (children[current] ?? []).reversed())
        }
        return operations
    }
}
