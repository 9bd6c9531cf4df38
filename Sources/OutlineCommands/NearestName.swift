/// Suggestions for a mistyped name: the closest of the known names, or the command that people
/// coming from other tools type under another name.
enum NearestName {
    /// Words that other tools use for our commands.
    static let synonyms: [String: String] = [
        "list": "ls", "remove": "rm", "delete": "rm", "del": "rm", "move": "mv",
        "rename": "edit", "retitle": "edit", "new": "add", "create": "add", "log": "history",
        "fsck": "check", "verify": "check",
    ]

    /// The known name nearest to `typed`: the only one it begins (`--dry` for `--dry-run`, at
    /// least two letters), or one edit away (a transposition counts as one), or two for a word
    /// of five letters or more, so that a short word is not "corrected" into an unrelated one.
    static func suggestion(for typed: String, among known: some Collection<String>) -> String? {
        if let synonym = synonyms[typed.lowercased()], known.contains(synonym) { return synonym }
        let lowered = typed.lowercased()
        if lowered.drop(while: { $0 == "-" }).count >= 2 {
            let extended = known.filter { $0.lowercased().hasPrefix(lowered) && $0.count > lowered.count }
            if extended.count == 1 { return extended.first }
        }
        let scored = known.map { (name: $0, distance: editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) else { return nil }
        let letters = typed.drop { $0 == "-" }.count
        let allowed = letters >= 5 ? 2 : letters >= 2 ? 1 : 0
        return best.distance <= allowed ? best.name : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
    /// of neighbours each cost one.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
