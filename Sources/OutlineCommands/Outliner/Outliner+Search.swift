import OutlineKit

/// `/`, `n` and `N`: a search as `find` makes it, within the view's root, and a walk through its
/// matches that unfolds and zooms out as far as each one needs.
extension Outliner {
    /// Enter after `/`: finds the words, and goes to the first match after the cursor.
    func startSearch(_ text: String) throws {
        mode = .browsing
        let terms = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !terms.isEmpty else { return }
        let matches = try store.find(SearchQuery(terms, under: tree.root)).map(\.item.id)
        guard !matches.isEmpty else {
            search = nil
            return complain("nothing here holds \(Action.quote(text))")
        }
        search = (text, matches)
        try nextMatch(forward: true)
    }

    /// `n` (forward) and `N`: the next match after (or before) the cursor in outline order,
    /// wrapping round at the end.
    func nextMatch(forward: Bool) throws {
        guard let search else { return complain("no search yet: / starts one") }
        let matches = try search.matches.filter(store.exists)
        guard !matches.isEmpty else {
            self.search = nil
            return complain("the matches of \(Action.quote(search.terms)) are gone")
        }
        let here = try cursor.map(store.positionPath) ?? []
        // The matches are in outline order: the first that comes after the cursor is found by
        // halving, each step reading one match's place.
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            let place = try store.positionPath(of: matches[middle])
            let before = place.lexicographicallyPrecedes(here)
            if before || (forward && place == here) { low = middle + 1 } else { high = middle }
        }
        // `low` is the first match after the cursor (forward), or the first at or after it
        // (backward, so the one before it is the previous match).
        let index: Int
        var wrapped = false
        if forward {
            index = low < matches.count ? low : 0
            wrapped = low == matches.count
        } else {
            index = low > 0 ? low - 1 : matches.count - 1
            wrapped = low == 0
        }
        try reveal(matches[index])
        let position = "match \(index + 1) of \(matches.count) for \(Action.quote(search.terms))"
        message = StatusMessage(text: position + (wrapped ? " (wrapped round)" : ""))
    }
}
