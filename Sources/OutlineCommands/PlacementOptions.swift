import ArgumentParser
import OutlineKit

/// `--under`, `--at`, `--before`, `--after`: where `add`, `mv`, `cp` and `import` put items,
/// declared here once and taken by each of them as `@OptionGroup var placement: PlacementOptions`
/// (`TakesPlacement`), after `--db` and `--json`.
package struct PlacementOptions: ParsableArguments {
    /// `--under`: the parent.
    @Option(reference: "The parent (default: the root, or the sibling's parent).")
    var under: ItemReference?

    /// `--at`: the position the (first) item has afterwards.
    @Option(
        help: ArgumentHelp("The position the (first) item has afterwards: 1 to one past the last.", valueName: "pos"))
    var at: Int?

    /// `--before`: the sibling the items go before.
    @Option(reference: "Put the items just before this sibling.")
    var before: ItemReference?

    /// `--after`: the sibling the items go after.
    @Option(reference: "Put the items just after this sibling.")
    var after: ItemReference?

    /// Refuses more than one of `--at`, `--before` and `--after`. Not `validate()`, for the
    /// reason `GlobalOptions.refuseEmptyPath` gives.
    func refuseMoreThanOnePlace() throws {
        let given = [at != nil, before != nil, after != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("use only one of --at, --before and --after") }
    }

    /// The parent and place, their references resolved in `store`.
    func resolved(in store: OutlineStore) throws -> (parent: ItemID?, placement: Placement) {
        let parent = try under.map(store.resolve)
        if let at { return (parent, .at(at)) }
        if let before { return (parent, .before(try store.resolve(before))) }
        if let after { return (parent, .after(try store.resolve(after))) }
        return (parent, .end)
    }

    /// Whether the command line says where the items go.
    var namesADestination: Bool { under != nil || before != nil || after != nil }

    /// The options as the parser makes them, before parsing.
    package init() {}
}

/// A command that takes the placement options, as `@OptionGroup var placement:
/// PlacementOptions`, and calls `validatePlacement()` in its `validate()` (the default one does).
protocol TakesPlacement {
    /// `--under`, `--at`, `--before`, `--after`.
    var placement: PlacementOptions { get }
}

extension TakesPlacement {
    /// Refuses more than one of `--at`, `--before` and `--after`.
    func validatePlacement() throws { try placement.refuseMoreThanOnePlace() }

    /// The parent and place, their references resolved in `store`.
    func resolvedPlacement(in store: OutlineStore) throws -> (parent: ItemID?, placement: Placement) {
        try placement.resolved(in: store)
    }

    /// Whether the command line says where the items go.
    var namesADestination: Bool { placement.namesADestination }
}

extension TakesPlacement where Self: TakesGlobalOptions {
    /// The global options, and one place at most.
    func validate() throws {
        try validateGlobalOptions()
        try validatePlacement()
    }
}
