/// The outline as the shared log makes it: every item by global id, with its parent's global id,
/// its order key and its content, and the removed items kept as tombstones (their last parent
/// and key), so that an operation that names one can still be placed.
///
/// Applying is total and deterministic: any operation applies to any state, and every machine
/// that applies the same log in the same order reaches the same tree. That is the whole of the
/// merge: a conflict is settled by the rules here, never handed to the user.
/// - A create or move whose parent was removed goes to that parent's nearest ancestor that is
///   still there (the root at worst).
/// - A move that would put an item inside itself is skipped, and noted in `skipped`; so is a
///   move within a list of an item another machine moved to another list first.
/// - A new place among siblings (`order`) applies only while the item is still in that list.
/// - A change to a removed item is skipped; a create of a removed item brings it back (undo).
/// - Two changes of one value: the later in the log wins. Tags are added and removed one by
///   one, and properties set by key, so that changes to different ones all apply.
/// - After each batch, the children of items the batch removed, unless removed themselves, move
///   to the nearest ancestor still there.
struct SyncTree {
    /// One item, or its tombstone.
    struct Node: Equatable {
        var parent: String
        var key: String
        var title: String
        var doneAt: Double?
        var note: String?
        var isLive: Bool
        /// Its state beyond the done time, tags, dates, priority and properties.
        var attributes = SyncAttributes()
    }

    /// The root's global id: the same on every machine.
    static let rootUID = "root"

    private(set) var nodes: [String: Node] = [:]
    /// The outline's workflow as `Workflow.description` writes it; nil until a machine sets one
    /// (each then keeps its own, `TODO | DONE` for a new outline).
    var workflow: String?
    /// The items whose node changed since `touched` was last emptied.
    var touched: Set<String> = []
    /// The moves skipped because they would have put an item inside itself, or moved it within a
    /// list it had left, in words.
    var skipped: [String] = []
    /// The open conflicts, by number (`SyncConflict`).
    var conflicts: [SyncConflict] = []
    /// How many conflicts the log has numbered: the next one is this plus one.
    var conflictCount = 0
    /// The items that went to an ancestor because the parent they were made or moved under, or
    /// lay under, was removed: each item and where it went.
    var rescued: [(uid: String, to: String)] = []

    init(nodes: [String: Node] = [:], workflow: String? = nil) {
        self.nodes = nodes
        self.workflow = workflow
    }

    subscript(uid: String) -> Node? { nodes[uid] }

    /// Every item's global id, tombstones included.
    var uids: Dictionary<String, Node>.Keys { nodes.keys }

    /// Applies one commit of the log: a batch, or a snapshot, which the outline becomes (every
    /// item whose node it changes is touched).
    mutating func apply(_ entry: GitRemote.Entry) {
        switch entry {
        case .batch(let batch): apply(batch)
        case .snapshot(let snapshot):
            // Read apart rather than as one set of both trees' ids: a machine that joins meets a
            // snapshot of the whole outline, and the set would be built only to be walked once.
            touched.reserveCapacity(touched.count + snapshot.nodes.count)
            for (uid, node) in snapshot.nodes where nodes[uid] != node { touched.insert(uid) }
            for uid in nodes.keys where snapshot.nodes[uid] == nil { touched.insert(uid) }
            nodes = snapshot.nodes
            workflow = snapshot.workflow
            conflicts = snapshot.conflicts
            conflictCount = snapshot.conflictCount
        }
    }

    /// Whether `uid` names an item that is there (the root always is).
    func isLive(_ uid: String) -> Bool { uid == Self.rootUID || nodes[uid]?.isLive == true }

    /// The live items.
    var liveCount: Int { nodes.values.reduce(0) { $0 + ($1.isLive ? 1 : 0) } }

    /// `uid` if it is there, else the nearest of its ancestors that is, through tombstones; the
    /// root for an id never seen.
    func nearestLive(_ uid: String) -> String {
        var current = uid
        var steps = 0
        while !isLive(current) {
            guard let node = nodes[current], steps <= nodes.count else { return Self.rootUID }
            current = node.parent
            steps += 1
        }
        return current
    }

    /// Whether `candidate` is `ancestor` or lies below it.
    func lies(_ candidate: String, inside ancestor: String) -> Bool {
        var current = candidate
        var steps = 0
        while current != Self.rootUID, steps <= nodes.count {
            if current == ancestor { return true }
            guard let node = nodes[current] else { return false }
            current = node.parent
            steps += 1
        }
        return ancestor == Self.rootUID
    }

    /// Applies a whole batch: its operations in order, then moves the orphans of what it removed.
    mutating func apply(_ batch: SyncBatch) {
        var removedAny = false
        var workflowChanged = false
        let touchedBefore = touched
        touched = []
        for operation in batch.operations {
            if case .delete = operation { removedAny = true }
            if case .setWorkflow = operation { workflowChanged = true }
            apply(operation)
        }
        if removedAny { rescueOrphans() }
        keepKeywordsInWorkflow(of: workflowChanged ? Set(nodes.keys) : touched)
        touched.formUnion(touchedBefore)
    }

    /// Adds to the workflow each keyword that an item among `uids` carries and it lacks: one
    /// machine may drop a keyword from the workflow while another gives it to an item, and
    /// neither knew. Added as open or done as the item is, in the order of the keywords' text,
    /// so that every machine makes the same workflow.
    private mutating func keepKeywordsInWorkflow(of uids: Set<String>) {
        guard let text = workflow, let current = try? Workflow(parsing: text) else { return }
        var open = current.open
        var done = current.done
        var missing: [(String, Bool)] = []
        for uid in uids {
            guard let node = nodes[uid], node.isLive, let keyword = node.attributes.state,
                !current.keywords.contains(keyword)
            else { continue }
            missing.append((keyword, node.doneAt != nil))
        }
        for (keyword, isDone) in missing.sorted(by: { $0.0 < $1.0 })
        where !open.contains(keyword) && !done.contains(keyword) {
            if isDone { done.append(keyword) } else { open.append(keyword) }
        }
        guard open.count + done.count > current.keywords.count else { return }
        workflow = Workflow(uncheckedOpen: open, done: done).description
    }

    /// Sets a node, noting it as touched when it changes.
    mutating func set(_ uid: String, _ node: Node) {
        guard nodes[uid] != node else { return }
        nodes[uid] = node
        touched.insert(uid)
    }

    mutating func apply(_ operation: SyncOperation) {
        switch operation {
        case .create(let uid, let parent, let key, let title, let doneAt, let note, let attributes):
            let target = nearestLive(parent)
            if target != parent { rescued.append((uid, target)) }
            // Brought back (a removed item has no live children, as they moved away when it was
            // removed, so that cannot make a cycle), or made again where it is: a create that
            // would put a live item inside itself leaves it where it is.
            let live = nodes[uid].flatMap { $0.isLive ? $0 : nil }
            let placed = live == nil || (target != uid && !lies(target, inside: uid))
            set(
                uid,
                Node(
                    parent: placed ? target : live!.parent, key: placed ? key : live!.key, title: title,
                    doneAt: doneAt, note: note, isLive: true, attributes: attributes))
        case .move(let uid, let parent, let key):
            guard var node = nodes[uid], node.isLive else { return }
            let target = nearestLive(parent)
            if target == uid || lies(target, inside: uid) {
                skipped.append("a move of \"\(node.title)\" into its own subtree")
                return
            }
            if target != parent { rescued.append((uid, target)) }
            node.parent = target
            node.key = key
            set(uid, node)
        case .order(let uid, let parent, let key):
            guard let node = nodes[uid], node.isLive else { return }
            guard node.parent == parent else {
                // Moved to another list first, on another machine: the later move within the
                // old list has no place there, and is said, not dropped without a word.
                skipped.append("a move of \"\(node.title)\" within a list another machine had moved it out of")
                return
            }
            changeLive(uid) { $0.key = key }
        case .setTitle(let uid, let title): changeLive(uid) { $0.title = title }
        case .setState(let uid, let keyword, let doneAt, let lastDone):
            changeLive(uid) {
                $0.attributes.state = keyword
                $0.doneAt = doneAt
                $0.attributes.lastDone = lastDone
            }
        case .setNote(let uid, let note): changeLive(uid) { $0.note = note }
        case .setDate(let uid, .scheduled, let date): changeLive(uid) { $0.attributes.scheduled = date }
        case .setDate(let uid, .due, let date): changeLive(uid) { $0.attributes.due = date }
        case .setPriority(let uid, let priority): changeLive(uid) { $0.attributes.priority = priority }
        case .tag(let uid, let tag): changeLive(uid) { $0.attributes.addTag(tag) }
        case .untag(let uid, let tag): changeLive(uid) { $0.attributes.removeTag(tag) }
        case .setProperty(let uid, let key, let value): changeLive(uid) { $0.attributes.setProperty(key, value) }
        case .setWorkflow(let workflow): self.workflow = workflow
        case .delete(let uid): changeLive(uid) { $0.isLive = false }
        case .conflict(var conflict):
            conflictCount += 1
            conflict.number = conflictCount
            conflicts.append(conflict)
        case .resolve(let number): conflicts.removeAll { $0.number == number }
        }
    }

    /// Changes the node `uid` with `change`, if it is live: an operation on an item that is
    /// gone, or was never made, changes nothing.
    private mutating func changeLive(_ uid: String, _ change: (inout Node) -> Void) {
        guard var node = nodes[uid], node.isLive else { return }
        change(&node)
        set(uid, node)
    }

    /// Moves every live item whose parent is removed to that parent's nearest live ancestor,
    /// keeping its key.
    private mutating func rescueOrphans() {
        let orphans = nodes.filter { $0.value.isLive && !isLive($0.value.parent) }
        for (uid, var node) in orphans {
            node.parent = nearestLive(node.parent)
            rescued.append((uid, node.parent))
            set(uid, node)
        }
    }

    /// Each live parent's live children, in order: by key, then by global id.
    func childrenByParent() -> [String: [String]] {
        // Each list sorted with its keys beside the ids: looking each key up by id in the
        // comparison made the sort most of the cost at a hundred thousand items.
        var lists: [String: [(key: String, uid: String)]] = [:]
        for (uid, node) in nodes where node.isLive { lists[node.parent, default: []].append((node.key, uid)) }
        return lists.mapValues { list in
            list.sorted { first, second in
                first.key != second.key
                    ? first.key.utf8.lexicographicallyPrecedes(second.key.utf8)
                    : first.uid.utf8.lexicographicallyPrecedes(second.uid.utf8)
            }.map(\.uid)
        }
    }
}

extension SyncTree {
    /// Those of `uids` that stand in another place within the same list here than in `other`:
    /// their key changed, their parent did not.
    func reordered(_ uids: Set<String>, since other: SyncTree) -> Set<String> {
        uids.filter { uid in
            guard let now = self[uid], let before = other[uid] else { return false }
            return now.parent == before.parent && now.key != before.key
        }
    }

    /// Whether applying a batch to `other` made this tree: an item, the workflow or the
    /// conflicts changed (`touched` counts from `other`).
    func differs(from other: SyncTree) -> Bool {
        !touched.isEmpty || workflow != other.workflow || conflictCount != other.conflictCount
            || conflicts != other.conflicts
    }
}

extension SyncTree {
    /// The tree with its live items alone, its workflow and its conflicts: what a snapshot
    /// writes, so that a machine that joins reads about as much as the outline holds.
    func withoutRemovedItems() -> SyncTree {
        var tree = SyncTree(nodes: nodes.filter { $0.value.isLive }, workflow: workflow)
        tree.conflicts = conflicts
        tree.conflictCount = conflictCount
        return tree
    }
}

extension SyncTree {
    /// The titles from the top level down to `uid`, through removed items too.
    func titles(of uid: String) -> [String] {
        var titles: [String] = []
        var current = uid
        while current != Self.rootUID, let node = nodes[current], titles.count <= OutlineStore.maximumDepth {
            titles.insert(node.title, at: 0)
            current = node.parent
        }
        return titles
    }
}
