import ArgumentParser
import OutlineKit

/// `--under`, `--at`, `--before`, `--after`: where `add`, `mv`, `cp` and `import` put items.
///
/// Each command declares the four itself, after `--db` and `--json`, rather than through an
/// option group (the reason is `TakesGlobalOptions`'s):
///
/// ```swift
/// @Option(help: PlacementOptions.underHelp, completion: ReferenceCompletionRequest.kind,
///     transform: ItemReference.argument) var under: ItemReference?
/// @Option(help: PlacementOptions.atHelp) var at: Int?
/// @Option(help: PlacementOptions.beforeHelp, completion: ReferenceCompletionRequest.kind,
///     transform: ItemReference.argument) var before: ItemReference?
/// @Option(help: PlacementOptions.afterHelp, completion: ReferenceCompletionRequest.kind,
///     transform: ItemReference.argument) var after: ItemReference?
/// ```
///
/// and calls `validatePlacement()` in its `validate()`.
protocol TakesPlacement {
    /// `--under`: the parent.
    var under: ItemReference? { get }
    /// `--at`: the position the (first) item has afterwards.
    var at: Int? { get }
    /// `--before`: the sibling the items go before.
    var before: ItemReference? { get }
    /// `--after`: the sibling the items go after.
    var after: ItemReference? { get }
}

/// The help of the placement options, the same in every command that takes them.
enum PlacementOptions {
    static let underHelp = ArgumentHelp("The parent (default: the root, or the sibling's parent).", valueName: "ref")
    static let atHelp = ArgumentHelp(
        "The position the (first) item has afterwards: 1 to one past the last.", valueName: "pos")
    static let beforeHelp = ArgumentHelp("Put the items just before this sibling.", valueName: "ref")
    static let afterHelp = ArgumentHelp("Put the items just after this sibling.", valueName: "ref")
}

extension TakesPlacement {
    /// Refuses more than one of `--at`, `--before` and `--after`.
    func validatePlacement() throws {
        let given = [at != nil, before != nil, after != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("use only one of --at, --before and --after") }
    }

    /// The parent and place, their references resolved in `store`.
    func resolvedPlacement(in store: OutlineStore) throws -> (parent: ItemID?, placement: Placement) {
        let parent = try under.map(store.resolve)
        if let at { return (parent, .at(at)) }
        if let before { return (parent, .before(try store.resolve(before))) }
        if let after { return (parent, .after(try store.resolve(after))) }
        return (parent, .end)
    }

    /// Whether the command line says where the items go.
    var namesADestination: Bool { under != nil || before != nil || after != nil }
}
