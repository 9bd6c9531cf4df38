import GRDB

/// A value that sync set aside, as `outline conflicts` lists it (SPEC, "Sync").
public struct OpenConflict: Equatable, Sendable {
    /// Its number: the same on every machine.
    public var number: Int
    /// The item, here; nil when the item is removed (`what` is `removed`) and this database
    /// never held it.
    public var id: ItemID?
    /// Where the item is, or was when it was removed: its titles, outermost first.
    public var path: TitlePath
    /// Which value: `title`, `note`, `state`, `scheduled`, `due`, `priority`, `property KEY`,
    /// or `removed` for changes to an item that one machine removed while another changed it.
    public var what: String
    /// The value the outline shows (`removed` for a removed item, its title once it is back);
    /// nil for no value (no note, no priority, a plain item's state).
    public var kept: String?
    /// The value set aside (for a removed item, its title); nil for no value.
    public var setAside: String?
}

extension OutlineStore {
    /// The open conflicts, by number: none when the outline does not sync. One taken or
    /// dismissed here is not listed, though other machines list it until the next round.
    public func conflicts() throws -> [OpenConflict] {
        guard !isEmptyStandIn else { return [] }
        return try read { db in
            guard try SyncTables.configuration(db) != nil else { return [] }
            let base = try SyncTables.base(db)
            return try SyncTables.listedConflicts(db).map { try Self.openConflict($0, base: base, db) }
        }
    }

    /// Puts the value conflict `number` set aside back, as one step that the next round sends:
    /// a value is set again; an item removed elsewhere comes back with its subtree as it was,
    /// under its old parent or the nearest one still there.
    ///
    /// - Throws: `SyncFailure.notSetUp`, `SyncFailure.unknownConflict`.
    @discardableResult
    public func takeConflict(_ number: Int, reportingChanges: Bool = false) throws -> ChangeResult {
        // The conflict's row is part of the step: an undo of the take lists it again.
        try performChange(reportingChanges: reportingChanges, alsoRecording: ["sync_conflict"]) { db in
            let (conflict, base) = try Self.requireOpenConflict(number, db)
            let listed = try Self.openConflict(conflict, base: base, db)
            var target = base
            target.apply(SyncBatch(replica: "", operations: try SyncDiff.operations(db, base: base)))
            target.touched = []
            // A removed item that is back here already gets the changes: it is not brought back.
            let what = conflict.what == "removed" && target.isLive(conflict.uid) ? "changes" : conflict.what
            target.apply(SyncBatch(replica: "", operations: try Self.restoring(conflict, in: target, title: listed)))
            // What the take puts back in another place within its list is moved on purpose.
            let outcome = try SyncApplier.apply(
                target, to: target.touched, moving: target.reordered(target.touched, since: base), db)
            try SyncTables.markResolved(db, number: number)
            return ChangeResult(
                action: .takeConflict(
                    number: number, what: what,
                    title: what == "removed" ? conflict.setAside ?? "" : listed.path.titles.last ?? ""),
                touchedParents: outcome.parents, moves: .items(outcome.movedWithin))
        }
    }

    /// What taking `conflict` does to `outline` (the outline here, as the log's): a value is set
    /// on an item still here; an item removed elsewhere comes back, with the changes that were set
    /// aside. Of a subtree that is back already, in part or whole (its remover undid the
    /// removal, or one of its items was taken first), the items there are not made again: they
    /// keep their values, and their place unless this take brings their parent back, and only
    /// the changes set aside are made to them.
    ///
    /// - Throws: `SyncFailure.conflictItemGone` for a value of an item removed since.
    private static func restoring(_ conflict: SyncConflict, in outline: SyncTree, title listed: OpenConflict) throws
        -> [SyncOperation]
    {
        guard conflict.what == "removed" else {
            guard outline.isLive(conflict.uid) else {
                throw SyncFailure.conflictItemGone(number: conflict.number, title: listed.path.titles.last ?? "")
            }
            return conflict.restore
        }
        var madeAgain: Set<String> = []
        return conflict.restore.compactMap { operation in
            guard case .create(let uid, let parent, let key, _, _, _, _) = operation else { return operation }
            guard outline.isLive(uid) else {
                madeAgain.insert(uid)
                return operation
            }
            // Taken before its parent (each edited item of a removed subtree is a conflict of its
            // own): it goes back under the parent this take brings back.
            return madeAgain.contains(parent) ? .move(uid: uid, parent: parent, key: key) : nil
        }
    }

    /// Forgets conflict `number` on every machine (the next round sends it): the outline keeps
    /// what it shows. Not a step: no item changes.
    ///
    /// - Throws: `SyncFailure.notSetUp`, `SyncFailure.unknownConflict`.
    public func dismissConflict(_ number: Int) throws {
        try write { db in
            _ = try Self.requireOpenConflict(number, db)
            try SyncTables.markResolved(db, number: number)
        }
    }

    /// The open conflict `number`, not yet taken or dismissed here, and the log's outline.
    private static func requireOpenConflict(_ number: Int, _ db: Database) throws -> (SyncConflict, SyncTree) {
        guard try SyncTables.configuration(db) != nil else { throw SyncFailure.notSetUp }
        let open = try SyncTables.listedConflicts(db)
        guard let conflict = open.first(where: { $0.number == number }) else {
            throw SyncFailure.unknownConflict(number: number, open: open.map(\.number))
        }
        return (conflict, try SyncTables.base(db))
    }

    /// A conflict as it is listed: with the item's local id, its path here and the value it
    /// shows now (a later edit changes what was kept); for an item no longer here, the path
    /// and the value the log's outline last gave it, or, where it no longer names the item,
    /// those of when the conflict was found.
    static func openConflict(_ conflict: SyncConflict, base: SyncTree, _ db: Database) throws -> OpenConflict {
        let id = try SyncTables.id(of: conflict.uid, db)
        var titles: [String] = []
        var kept = conflict.kept
        if let id, let item = try currentContent(of: id, db) {
            titles = try details(of: id, db).path.titles
            // An item removed elsewhere that is back (its remover undid the removal) shows its title.
            kept = conflict.what == "removed" ? item.title : SyncConflicts.Value(conflict.what, of: item).shown
        } else {
            titles = base.titles(of: conflict.uid)
            if titles.isEmpty { titles = conflict.path }
            // The value the log's copy last held, where the log still names the item.
            if conflict.what != "removed", let node = base[conflict.uid] {
                kept = SyncConflicts.Value(conflict.what, of: node).shown
            }
        }
        return OpenConflict(
            number: conflict.number, id: id, path: TitlePath(titles: titles, isAnchored: true), what: conflict.what,
            kept: kept, setAside: conflict.setAside)
    }

    /// The title, note and attributes of item `id` as the log's copy of an item holds them; nil
    /// when there is no such item.
    private static func currentContent(of id: ItemID, _ db: Database) throws -> SyncTree.Node? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT CAST(title AS TEXT), done_at, note, CAST(state AS TEXT), last_done, CAST(tags AS TEXT),
                               CAST(scheduled AS TEXT), CAST(scheduled_repeat AS TEXT), CAST(due AS TEXT),
                               CAST(due_repeat AS TEXT), CAST(priority AS TEXT), CAST(properties AS TEXT)
                        FROM item WHERE id = ?
                        """), arguments: [id])
        else { return nil }
        return SyncTree.Node(
            parent: "", key: "", title: row[0], doneAt: row[1], note: row[2], isLive: true,
            attributes: SyncAttributes(row: row, startingAt: 3))
    }
}
