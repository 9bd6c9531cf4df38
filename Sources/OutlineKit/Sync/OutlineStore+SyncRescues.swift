import GRDB

extension OutlineStore {
    /// The items a round moved up because their parent was removed elsewhere, counted by the
    /// list they went to (the lists as `final` holds them), in the log's order of first rescue.
    /// An item rescued and then removed, or moved on by a later operation, is not counted.
    static func rescueNotes(_ rescued: [(uid: String, to: String)], _ final: SyncTree, _ db: Database) throws
        -> [(count: Int, to: TitlePath)]
    {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        for (uid, to) in rescued.reversed() where seen.insert(uid).inserted {
            guard final.isLive(uid), final[uid]?.parent == to else { continue }
            if counts[to] == nil { order.append(to) }
            counts[to, default: 0] += 1
        }
        return try order.reversed().map { parent in
            var titles: [String] = []
            if parent != SyncTree.rootUID, let id = try SyncTables.id(of: parent, db) {
                titles = try details(of: id, db).path.titles
            }
            return (counts[parent]!, TitlePath(titles: titles, isAnchored: true))
        }
    }
}
