import Foundation
import GRDB
import OutlineKit
import OutlineTestSupport

/// A store on a fresh temporary database, with helpers to read the tree back.
struct StoreFixture {
    let directory = TemporaryDirectory()
    let store: OutlineStore

    init() throws {
        store = try OutlineStore(path: directory.file("outline.db"))
    }

    /// Runs `sql` on the file through a connection of its own, as another program would: with
    /// foreign keys off, as the sqlite3 shell has them, so that it can break what outline keeps.
    func editOutside(_ sql: String) throws {
        try DatabaseQueue(path: store.path).inDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: sql)
        }
    }

    /// The whole outline as `ls --tsv` prints it.
    func tsv(from start: ItemID = .root) throws -> [String] {
        var lines: [String] = []
        try store.walk(from: start) { lines.append(TSV.line(for: $0)) }
        return lines
    }

    /// The titles of `parent`'s children, in order.
    func childTitles(_ parent: ItemID = .root) throws -> [String] {
        try store.children(of: parent).map(\.title)
    }

    /// Adds a tree given as `(title, [children titles])` pairs under the root; returns ids by title.
    @discardableResult
    func build(_ tree: [(String, [String])]) throws -> [String: ItemID] {
        var ids: [String: ItemID] = [:]
        for (title, children) in tree {
            let id = try store.add([title]).ids[0]
            ids[title] = id
            if !children.isEmpty {
                for (child, childID) in zip(children, try store.add(children, under: id).ids) { ids[child] = childID }
            }
        }
        return ids
    }
}
