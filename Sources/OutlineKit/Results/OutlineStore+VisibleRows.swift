import GRDB

extension OutlineStore {
    /// The first row of `tree`: the first child of its root; nil when the root has none.
    ///
    /// - Throws: `unknownItem` when the root does not exist.
    public func firstRow(of tree: VisibleTree) throws -> ItemID? {
        try read { db in
            try TreeQueries.requireParent(db, tree.root)
            return try VisibleRowReader(db, tree).firstChild(of: tree.root)
        }
    }

    /// The last row of `tree`: its root's last child, or that child's last shown descendant.
    ///
    /// - Throws: `unknownItem` when the root does not exist.
    public func lastRow(of tree: VisibleTree) throws -> ItemID? {
        try read { db in
            try TreeQueries.requireParent(db, tree.root)
            let reader = VisibleRowReader(db, tree)
            return try reader.firstChild(of: tree.root, last: true).map(reader.lastShownDescendant)
        }
    }

    /// Up to `count` rows of `tree` from `start` on, `start` first, in outline order. Each row
    /// costs a few reads through the `(parent_id, position)` index, whatever the outline's size.
    ///
    /// - Throws: `unknownItem` when `start` does not exist; `notShown` when it is not a row
    ///   of `tree` (outside its root, or below a folded item: `shownRow(for:in:)` finds the row
    ///   that stands for it).
    public func rows(of tree: VisibleTree, from start: ItemID, count: Int) throws -> [OutlineRow] {
        try read { db in
            let reader = VisibleRowReader(db, tree)
            var stack = try reader.shownAncestry(of: start)
            var rows: [OutlineRow] = []
            while rows.count < count, let current = stack.last {
                let row = try reader.row(current, depth: stack.count)
                rows.append(row)
                if row.hasChildren, !row.isFolded, let child = try reader.firstChild(of: current) {
                    stack.append(child)
                    continue
                }
                // No children shown: the next sibling, or the next sibling of the nearest
                // ancestor that has one.
                while let last = stack.popLast() {
                    if let sibling = try reader.sibling(of: last, after: true) {
                        stack.append(sibling)
                        break
                    }
                }
            }
            return rows
        }
    }

    /// Up to `count` rows of `tree` just before `end` (which is left out), in outline order.
    ///
    /// - Throws: as `rows(of:from:count:)` does for `end`.
    public func rows(of tree: VisibleTree, before end: ItemID, count: Int) throws -> [OutlineRow] {
        try read { db in
            let reader = VisibleRowReader(db, tree)
            let ancestry = try reader.shownAncestry(of: end)
            var depth = ancestry.count
            var current = end
            // The parent of `current`, known from the ancestry and then from each row read.
            var parent = ancestry.dropLast().last ?? tree.root
            var rows: [OutlineRow] = []
            while rows.count < count {
                if let sibling = try reader.sibling(of: current, after: false) {
                    // The row before an item is its previous sibling's last shown descendant.
                    current = sibling
                    while let child = try reader.shownChild(of: current, last: true) {
                        current = child
                        depth += 1
                    }
                } else {
                    guard parent != tree.root else { break }
                    current = parent
                    depth -= 1
                }
                let row = try reader.row(current, depth: depth)
                rows.append(row)
                parent = row.item.parentID
            }
            return rows.reversed()
        }
    }

    /// The row of `tree` that stands for `id`: the item itself when it is shown, else its
    /// outermost folded ancestor below the root; nil when it is not in the tree (outside the
    /// root's subtree, the root itself, or gone).
    public func shownRow(for id: ItemID, in tree: VisibleTree) throws -> ItemID? {
        guard id != tree.root else { return nil }
        return try read { db in
            let chain: [ItemID]
            do {
                chain = try TreeQueries.ancestry(db, of: id)
            } catch OutlineError.unknownItem {
                return nil
            }
            // `chain` runs from `id` up to a child of the outline's root.
            var ancestors = Array(chain.reversed())
            if tree.root != .root {
                guard let rootIndex = ancestors.firstIndex(of: tree.root) else { return nil }
                ancestors.removeFirst(rootIndex + 1)
            }
            return ancestors.dropLast().first(where: tree.isFolded) ?? id
        }
    }

    /// The sibling just after (or, with `after` false, just before) `id`; nil for the last (first)
    /// of its list.
    ///
    /// - Throws: `unknownItem` is not thrown: an item that does not exist has no sibling.
    public func sibling(of id: ItemID, after: Bool) throws -> ItemID? {
        try read { db in try VisibleRowReader(db, VisibleTree()).sibling(of: id, after: after) }
    }

    /// The positions of `id` and its ancestors among their siblings, the outermost first: two
    /// items compare in outline order as these lists compare.
    ///
    /// - Throws: `unknownItem`.
    package func positionPath(of id: ItemID) throws -> [Int] {
        try read { db in
            try TreeQueries.ancestry(db, of: id).reversed().map { try TreeQueries.item(db, $0).position }
        }
    }

    /// The ids of `id`'s ancestors, the outermost first, without the outline's root: the items
    /// to unfold to show it.
    ///
    /// - Throws: `unknownItem`.
    public func ancestors(of id: ItemID) throws -> [ItemID] {
        if id == .root { return [] }
        return try read { db in Array(try TreeQueries.ancestry(db, of: id).dropFirst().reversed()) }
    }
}

/// The reads a `VisibleTree` is walked with, each through the primary key or the
/// `(parent_id, position)` index, on one read's connection.
private struct VisibleRowReader {
    let db: Database
    let tree: VisibleTree

    init(_ db: Database, _ tree: VisibleTree) {
        self.db = db
        self.tree = tree
    }

    /// The row of `id`, at `depth`.
    func row(_ id: ItemID, depth: Int) throws -> OutlineRow {
        let attributed = try AttributedItem.read(db, id)
        let hasChildren = try firstChild(of: id) != nil
        return OutlineRow(
            item: attributed.item, attributes: attributed.attributes, depth: depth, hasChildren: hasChildren,
            isFolded: hasChildren && tree.isFolded(id))
    }

    /// The first (or last) child of `parent`, shown or not.
    func firstChild(of parent: ItemID, last: Bool = false) throws -> ItemID? {
        let statement = try db.cachedStatement(
            sql: last
                ? "SELECT id FROM item WHERE parent_id = ? ORDER BY position DESC LIMIT 1"
                : "SELECT id FROM item WHERE parent_id = ? ORDER BY position LIMIT 1")
        return try ItemID.fetchOne(statement, arguments: [parent])
    }

    /// The first or last child of `id` when its children are shown.
    func shownChild(of id: ItemID, last: Bool) throws -> ItemID? {
        tree.isFolded(id) ? nil : try firstChild(of: id, last: last)
    }

    /// The last row of `id`'s shown subtree: `id` itself when it shows no children.
    func lastShownDescendant(_ id: ItemID) throws -> ItemID {
        var current = id
        while let child = try shownChild(of: current, last: true) { current = child }
        return current
    }

    /// The sibling just after (or before) `id`.
    func sibling(of id: ItemID, after: Bool) throws -> ItemID? {
        let statement = try db.cachedStatement(
            sql: after
                ? """
                SELECT sibling.id FROM item AS this JOIN item AS sibling
                ON sibling.parent_id = this.parent_id AND sibling.position > this.position
                WHERE this.id = ? ORDER BY sibling.position LIMIT 1
                """
                : """
                SELECT sibling.id FROM item AS this JOIN item AS sibling
                ON sibling.parent_id = this.parent_id AND sibling.position < this.position
                WHERE this.id = ? ORDER BY sibling.position DESC LIMIT 1
                """)
        return try ItemID.fetchOne(statement, arguments: [id])
    }

    /// `id` and its ancestors below the tree's root, the outermost first: the stack a walk from
    /// `id` starts with.
    ///
    /// - Throws: `unknownItem`; `notShown` when `id` is not a row of the tree.
    func shownAncestry(of id: ItemID) throws -> [ItemID] {
        var chain = Array(try TreeQueries.ancestry(db, of: id).reversed())
        if tree.root != .root {
            guard let rootIndex = chain.firstIndex(of: tree.root), rootIndex < chain.count - 1 else {
                throw OutlineError.notShown(item: id, root: tree.root)
            }
            chain.removeFirst(rootIndex + 1)
        }
        if chain.dropLast().contains(where: tree.isFolded) {
            throw OutlineError.notShown(item: id, root: tree.root)
        }
        return chain
    }
}
