import OutlineKit

/// `/`, `n` and `N`: a search as `find` makes it, within the view's root, and a walk through its
/// matches that unfolds and zooms out as far as each one needs.
extension Outliner {
    /// Enter after `/`, once the screen says the search runs: finds the words and goes to the
    /// first match after the cursor, or says why not.
    func runSearch(_ text: String) {
        do {
            try startSearch(text)
        } catch {
            complain(about: error)
        }
    }

    /// Finds the words, and goes to the first match after the cursor.
    private func startSearch(_ text: String) throws {
        message = nil
        let terms = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !terms.isEmpty else { return }
        // The ids alone, in outline order: `find`'s own listing, without a `FoundItem` for each
        // of what may be a hundred thousand matches.
        var matches: [ItemID] = []
        _ = try store.forEachFoundPath(SearchQuery(terms, under: tree.root)) { id, _ in matches.append(id) }
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
        let matches = search.matches
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
        let first: Int
        var wrapped = false
        if forward {
            first = low < matches.count ? low : 0
            wrapped = low == matches.count
        } else {
            first = low > 0 ? low - 1 : matches.count - 1
            wrapped = low == 0
        }
        // A match another process removed since is passed over, in the direction of travel.
        var index = first
        var looked = 0
        while try !store.exists(matches[index]) {
            looked += 1
            guard looked < matches.count else {
                self.search = nil
                return complain("the matches of \(Action.quote(search.terms)) are gone")
            }
            index = (index + (forward ? 1 : matches.count - 1)) % matches.count
        }
        try reveal(matches[index])
        let position = "match \(index + 1) of \(matches.count) for \(Action.quote(search.terms))"
        message = StatusMessage(text: position + (wrapped ? " (wrapped round)" : ""))
    }
}
