import ArgumentParser
import OutlineKit

/// `--under`, `--at`, `--before`, `--after`: where `add` and `mv` put items.
struct PlacementOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The parent (default: the root, or the sibling's parent).", valueName: "ref"),
        completion: ReferenceCompletionRequest.kind, transform: ItemReference.argument)
    var under: ItemReference?

    @Option(
        help: ArgumentHelp("The position the (first) item has afterwards: 1 to one past the last.", valueName: "pos"))
    var at: Int?

    @Option(
        help: ArgumentHelp("Put the items just before this sibling.", valueName: "ref"),
        completion: ReferenceCompletionRequest.kind, transform: ItemReference.argument)
    var before: ItemReference?

    @Option(
        help: ArgumentHelp("Put the items just after this sibling.", valueName: "ref"),
        completion: ReferenceCompletionRequest.kind, transform: ItemReference.argument)
    var after: ItemReference?

    func validate() throws {
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

    var namesADestination: Bool { under != nil || before != nil || after != nil }
}
