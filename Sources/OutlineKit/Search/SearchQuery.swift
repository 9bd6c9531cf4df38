/// What `OutlineStore.find(_:)` looks for: items whose title or note holds every term, ignoring
/// case and diacritics (`cafe` finds `Café`), anywhere in the text, and that pass every filter.
public struct SearchQuery: Equatable, Sendable {
    /// The terms as given, trimmed; none when filters alone choose the items.
    public var terms: [String]
    /// Only items in this item's subtree (not the item itself); the root for all.
    public var subtree: ItemID
    /// Leave out done items, and every item below one, as `ls --open` does.
    public var leavingOutDone: Bool
    /// What the items' attributes must be.
    public var filters: SearchFilters

    /// A query for `terms` and `filters`, within `subtree`.
    ///
    /// - Throws: `OutlineError.emptySearch` when no term holds anything but white space and no
    ///   filter is given.
    public init(
        _ terms: [String], under subtree: ItemID = .root, leavingOutDone: Bool = false,
        filters: SearchFilters = SearchFilters()
    ) throws {
        let trimmed = terms.map { $0.trimmingWhiteSpace() }.filter { !$0.isEmpty }
        guard !trimmed.isEmpty || !filters.isEmpty else { throw OutlineError.emptySearch }
        self.terms = trimmed
        self.subtree = subtree
        self.leavingOutDone = leavingOutDone
        self.filters = filters
    }

    /// The terms as the index holds text: case and diacritics folded.
    var foldedTerms: [String] { terms.map(TitleKey.searchText) }
}

/// One item that a search found, with the path that names it.
public struct FoundItem: Equatable, Sendable {
    /// The item.
    public var item: Item
    /// Its anchored path, as typed (`/Groceries/Milk`).
    public var path: TitlePath
    /// Its state, tags, dates, priority and properties.
    public var attributes: ItemAttributes
    /// Its depth from the top: 1 for a top-level item.
    public var depth: Int { path.titles.count }

    /// A found `item` at `path`, holding `attributes`.
    public init(item: Item, path: TitlePath, attributes: ItemAttributes = ItemAttributes()) {
        self.item = item
        self.path = path
        self.attributes = attributes
    }
}

/// Where the terms of a search occur in a title: for showing the matches to a person.
public enum SearchHighlight {
    /// The ranges of `title` that the folded `terms` match, in order and merged where they
    /// overlap. Each character is folded on its own, so that a range always covers whole
    /// characters of the title as stored.
    public static func ranges(of terms: [String], in title: String) -> [Range<String.Index>] {
        var folded: [UInt8] = []
        var owners: [String.Index] = []  // for each folded byte, the character it came from
        for index in title.indices {
            let piece = TitleKey.searchText(of: String(title[index]))
            folded += piece.utf8
            owners += repeatElement(index, count: piece.utf8.count)
        }
        var marked: [Range<String.Index>] = []
        for term in terms.map(TitleKey.searchText) where !term.isEmpty {
            let needle = Array(term.utf8)
            var start = 0
            while let found = ByteSearch.firstIndex(of: needle, in: folded, from: start) {
                let lower = owners[found]
                let upper = title.index(after: owners[found + needle.count - 1])
                marked.append(lower..<upper)
                start = found + 1
            }
        }
        marked.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in marked {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

/// Substring search on UTF-8 bytes: what SQLite's `instr()` and the trigram index match.
enum ByteSearch {
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack) != nil
    }
}
