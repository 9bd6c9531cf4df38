import GRDB

extension OutlineStore {
    /// Walks the descendants of `start` depth-first, in order, one parent's children at a time:
    /// each list is the fetch a results controller of that parent makes (`ChildrenFetcher`).
    ///
    /// Memory stays proportional to the depth of the tree times the fan-out, never to its size, so
    /// a million-item outline streams. All of the walk reads one snapshot.
    ///
    /// The closures run inside that read, on the store's connection: they must not call the store
    /// (GRDB stops the process with "Database methods are not reentrant"). Collect what they need
    /// and act on it after the walk.
    ///
    /// - Parameters:
    ///   - start: the root (`0`) or an item whose descendants to walk.
    ///   - includingStart: meet `start` itself first, at depth 1, and its descendants a level
    ///     deeper (`export --include-self`), in the same snapshot as they are. The root is no item
    ///     and is refused.
    ///   - maxDepth: how many levels below `start` to go; nil for all.
    ///   - leavingOutDone: skip done items with their subtrees (`ls --open`); the items shown keep
    ///     their real positions, and the last one shown is the last sibling. A done `start` met
    ///     with `includingStart` is skipped too, with everything below it.
    ///   - readingAttributes: give each entry its `attributes` (`ls --json`, `export`); others
    ///     read only what a tree shows.
    ///   - enter: called for each item before its children.
    ///   - leave: called for each item after its children.
    /// - Throws: `unknownItem` when `start` does not exist; `rootNotAllowed` for the root with
    ///   `includingStart`.
    public func walk(
        from start: ItemID = .root, includingStart: Bool = false, maxDepth: Int? = nil, leavingOutDone: Bool = false,
        readingAttributes: Bool = false, enter: (TreeEntry) throws -> Void,
        leave: (TreeEntry) throws -> Void = { _ in }
    ) throws {
        if includingStart, start == .root { throw OutlineError.rootNotAllowed(operation: "written as an item") }
        try read { db in
            try TreeQueries.requireParent(db, start)
            // Depths count from the first level met: with `start` itself on it, its children are
            // on the second, and the limit moves down with them.
            let levelsAbove = includingStart ? 1 : 0
            var walk = Walk(
                fetcher: try ChildrenFetcher(db, readingAttributes: readingAttributes),
                maxDepth: maxDepth.map { $0 + levelsAbove } ?? Int.max,
                leavingOutDone: leavingOutDone, path: [start])
            guard includingStart else {
                try walkChildren(db, &walk, of: start, depth: 1, enter: enter, leave: leave)
                return
            }
            let attributed = try AttributedItem.read(db, start)
            let item = attributed.item
            if leavingOutDone, item.isDone { return }
            var entry = TreeEntry(item: item, depth: 1, isLastSibling: true)
            if readingAttributes { entry.attributes = attributed.attributes }
            try enter(entry)
            try walkChildren(db, &walk, of: start, depth: 2, enter: enter, leave: leave)
            try leave(entry)
        }
    }

    /// Every descendant of `start`, depth-first, as `walk` meets them, read on `db`: for a write
    /// that needs the subtree as it is inside its own transaction. Each entry has its attributes.
    func subtreeEntries(_ db: Database, of start: ItemID) throws -> [TreeEntry] {
        try TreeQueries.requireParent(db, start)
        var walk = Walk(
            fetcher: try ChildrenFetcher(db, readingAttributes: true), maxDepth: Int.max, leavingOutDone: false,
            path: [start])
        var entries: [TreeEntry] = []
        try walkChildren(db, &walk, of: start, depth: 1, enter: { entries.append($0) }, leave: { _ in })
        return entries
    }

    /// What stays the same through one walk, and the ids from its start down to the current item.
    private struct Walk {
        let fetcher: ChildrenFetcher
        let maxDepth: Int
        let leavingOutDone: Bool
        var path: Set<ItemID>
        /// Emptied lists of children, kept for the next parent's: a million-item walk fetched
        /// 100,000 lists, each allocated, grown and freed.
        var spareLists: [[ChildrenFetcher.Child]] = []
    }

    /// - Parameter path: the ids from the start down to `parent`. Only a file edited outside
    ///   outline can hold a cycle; meeting an id already on the path means one, and the walk stops
    ///   rather than loop forever.
    private func walkChildren(
        _ db: Database, _ walk: inout Walk, of parent: ItemID, depth: Int,
        enter: (TreeEntry) throws -> Void, leave: (TreeEntry) throws -> Void
    ) throws {
        // Each level is a call; only a file edited outside outline nests deeper than the limit.
        if depth > Self.maximumDepth { throw OutlineError.fileNestsTooDeep(limit: Self.maximumDepth) }
        var children = walk.spareLists.popLast() ?? []
        try walk.fetcher.children(of: parent, db, into: &children)
        defer {
            children.removeAll(keepingCapacity: true)
            walk.spareLists.append(children)
        }
        if walk.leavingOutDone { children.removeAll { $0.item.isDone } }
        // Each entry is filled in where it lies and handed on from there (`ChildrenFetcher.Child`),
        // through the list's buffer: the array's subscript copied the whole child to read a field.
        try children.withUnsafeMutableBufferPointer { list in
            for index in list.indices {
                let id = list[index].entry.item.id
                let hasChildren = list[index].hasChildren
                // Where the depth limit cuts, say how much it leaves out: one count of the subtree.
                list[index].entry.hiddenDescendants =
                    hasChildren && depth >= walk.maxDepth
                    ? try TreeQueries.subtreeSize(db, rootedAt: [id], leavingOutDone: walk.leavingOutDone) - 1 : 0
                list[index].entry.depth = depth
                list[index].entry.isLastSibling = index == list.count - 1
                guard walk.path.insert(id).inserted else { throw OutlineError.cycle(id) }
                let entry = list[index].entry
                try enter(entry)
                if hasChildren, depth < walk.maxDepth {
                    try walkChildren(db, &walk, of: id, depth: depth + 1, enter: enter, leave: leave)
                }
                try leave(entry)
                walk.path.remove(id)
            }
        }
    }

    /// The item with `id`. The root is refused.
    public func item(_ id: ItemID) throws -> Item {
        if id == .root { throw OutlineError.rootNotAllowed(operation: "shown as an item") }
        return try read { db in try TreeQueries.item(db, id) }
    }

    /// The children of `parent` (the root by default), in order.
    public func children(of parent: ItemID = .root) throws -> [Item] {
        try read { db in
            try TreeQueries.requireParent(db, parent)
            return try TreeQueries.children(db, of: parent)
        }
    }

    /// Whether `id` is `ancestor` or lies below it; false for an item that does not exist.
    public func isInSubtree(_ id: ItemID, of ancestor: ItemID) throws -> Bool {
        if ancestor == .root || id == ancestor { return true }
        return try read { db in
            do {
                return try TreeQueries.ancestry(db, of: id).contains(ancestor)
            } catch OutlineError.unknownItem {
                return false
            }
        }
    }

    /// Whether `id` is the root or an existing item.
    public func exists(_ id: ItemID) throws -> Bool {
        if id == .root { return true }
        return try read { db in
            do {
                _ = try TreeQueries.item(db, id)
                return true
            } catch OutlineError.unknownItem {
                return false
            }
        }
    }

    /// The largest id in use, for aligning ids in a column; 0 for an empty outline.
    public func largestID() throws -> ItemID {
        try read { db in try ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0 }
    }
}
