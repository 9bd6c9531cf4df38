import ArgumentParser
import OutlineKit

/// `--under`, `--at`, `--before`, `--after`: where `add` and `mv` put items.
struct PlacementOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The parent (default: the root, or the sibling's parent).", valueName: "ref"),
        transform: ItemReference.parse)
    var under: ItemID?

    @Option(
        help: ArgumentHelp("The position the (first) item has afterwards: 1 to one past the last.", valueName: "pos"))
    var at: Int?

    @Option(
        help: ArgumentHelp("Put the items just before this sibling.", valueName: "ref"), transform: ItemReference.parse)
    var before: ItemID?

    @Option(
        help: ArgumentHelp("Put the items just after this sibling.", valueName: "ref"), transform: ItemReference.parse)
    var after: ItemID?

    func validate() throws {
        let given = [at != nil, before != nil, after != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("use only one of --at, --before and --after") }
    }

    var placement: Placement {
        if let at { return .at(at) }
        if let before { return .before(before) }
        if let after { return .after(after) }
        return .end
    }

    var namesADestination: Bool { under != nil || before != nil || after != nil }
}
