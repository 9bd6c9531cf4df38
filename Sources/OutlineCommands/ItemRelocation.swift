import ArgumentParser
import OutlineKit

/// `mv` and `cp`: a command that puts the items it names somewhere else, each item and the place
/// resolved in the same way, and the change made by one method of the store.
protocol RelocatesItems: TakesItemReferences, TakesGlobalOptions, TakesPlacement {
    /// What the command does to the items, for the message that asks where to: "move", "copy".
    static var verb: String { get }
}

extension RelocatesItems {
    /// The global options, one place at most, and a place at all: the items must go somewhere.
    func validate() throws {
        try validateGlobalOptions()
        try validatePlacement()
        if !namesADestination {
            throw ValidationError("say where to \(Self.verb) the items: --under REF, --before REF or --after REF")
        }
    }

    /// Opens the database, resolves the items and the place, and has `relocate` (`OutlineStore.move`
    /// or `copy`) put the items there as one step, reporting its changes for `--json`.
    func relocateItems(
        by relocate: (OutlineStore) -> ([ItemID], ItemID?, Placement, Bool) throws -> ChangeResult
    ) throws -> ChangeResult {
        let store = try global.openStore()
        let items = try store.resolve(items)
        let place = try resolvedPlacement(in: store)
        return try relocate(store)(items, place.parent, place.placement, global.json)
    }
}
