import GRDB

/// A part of the library that keeps tables of its own in the outline file, beside the core's,
/// and the few points where the core lets it in.
///
/// The core (the tree, its history, `check`, `show`) knows add-ons only through this protocol,
/// so that it can be read and changed without knowing what they keep. Each method runs inside
/// the caller's transaction; the defaults do nothing, so an add-on says only what it needs.
protocol StoreAddOn: Sendable {
    /// Makes what the add-on keeps from schema `version` on, right after the core's own
    /// migration to that version (and before the next one), so that a file of every older
    /// version is brought up step by step as it always was.
    static func migrate(_ db: Database, to version: Int) throws

    /// What `check` finds wrong in the add-on's tables; none when the outline does not use it.
    static func problems(_ db: Database) throws -> [Problem]

    /// Fills in what the add-on knows of one item, for `show` and `find`.
    static func addDetails(to details: inout ItemDetails, _ db: Database) throws

    /// Notes `ids` as changed where the add-on's triggers would have: undo and redo apply their
    /// changesets with triggers off.
    static func noteChanged(_ ids: [ItemID], _ db: Database) throws
}

extension StoreAddOn {
    /// Nothing to make: the add-on keeps no table of that version.
    static func migrate(_ db: Database, to version: Int) throws {}
    /// Nothing to check.
    static func problems(_ db: Database) throws -> [Problem] { [] }
    /// Nothing to add.
    static func addDetails(to details: inout ItemDetails, _ db: Database) throws {}
    /// Nothing to note.
    static func noteChanged(_ ids: [ItemID], _ db: Database) throws {}
}

/// The core's calls to every add-on the library ships (`shipped`), in that order.
enum StoreAddOns {
    /// Runs each add-on's part of the migration to `version`.
    static func migrate(_ db: Database, to version: Int) throws {
        for addOn in shipped { try addOn.migrate(db, to: version) }
    }

    /// Every add-on's problems, in the order of `shipped`.
    static func problems(_ db: Database) throws -> [Problem] {
        try shipped.flatMap { try $0.problems(db) }
    }

    /// `details` with what each add-on knows of the item added.
    static func completing(_ details: ItemDetails, _ db: Database) throws -> ItemDetails {
        var details = details
        for addOn in shipped { try addOn.addDetails(to: &details, db) }
        return details
    }

    /// Tells each add-on that `ids` changed with triggers off.
    static func noteChanged(_ ids: [ItemID], _ db: Database) throws {
        for addOn in shipped { try addOn.noteChanged(ids, db) }
    }
}
