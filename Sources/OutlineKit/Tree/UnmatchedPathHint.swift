/// Why a title path that names no item may have missed, when the outline shows a likely reason:
/// what the error says beside "no item titled ...", so that it points at the fix.
public enum UnmatchedPathHint: Equatable, Sendable {
    /// Some of the path's titles hold a `/`, which was read as a step down: `joined` are those
    /// titles, and `path` is the path as typed with their slashes written `\/`, which names items.
    case slashInTitle(joined: [String], path: TitlePath)
    /// Items whose paths match but for accents (as `find` folds them): the printed paths of the
    /// first few, by id, and how many there are in all. All of them are named when naming the
    /// last takes no more words than counting it.
    case accents(paths: [String], count: Int)

    /// How many items an `accents` hint names before it only counts the rest.
    public static let pathsNamed = 3

    /// The hint as the end of an error line: `the title "Yoga Tue/Thu" holds a /, which a path
    /// writes \/: 'Health/Yoga Tue\/Thu'`, or `did you mean /Groceries/Käse?`. `quote` makes
    /// the corrected path one word for whoever will type it (single quotes by default).
    public func phrase(quotingPathWith quote: (String) -> String = { "'\($0)'" }) -> String {
        switch self {
        case .slashInTitle(let joined, let path):
            let titles = joined.map { "\"\($0)\"" }
            let named =
                titles.count == 1
                ? "the title \(titles[0]) holds" : "the titles \(Self.list(titles, lastJoinedBy: "and")) hold"
            return "\(named) a /, which a path writes \\/: \(quote(path.description))"
        case .accents(let paths, let count):
            let rest = count - paths.count
            let named = rest > 0 ? paths + ["one of \(rest) more"] : paths
            return "did you mean \(Self.list(named, lastJoinedBy: "or"))?"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ items: [String], lastJoinedBy conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
