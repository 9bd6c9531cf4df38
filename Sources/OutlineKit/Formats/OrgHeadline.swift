/// One org headline, `** KEYWORD [#A] title :tag1:tag2:`, read as org-mode reads it: the
/// keyword only when the file declares it, the priority right after it, the tags only where
/// white space stands before them, the spaces that align them not part of the title.
struct OrgHeadline {
    /// How many stars: the level.
    var level: Int
    /// The keyword, and whether it is a done one.
    var keyword: (word: String, isDone: Bool)?
    /// `[#A]`, `[#B]` or `[#C]`.
    var priority: Priority?
    /// The tags the outline can hold, each once.
    var tags: [String] = []
    /// The title, the writer's zero-width spaces taken out.
    var title: String
    /// What the headline held that was kept in the title or dropped, for the report.
    var notes: [ImportReport.Kind] = []

    /// A keyword the file declares that a workflow cannot hold (`todo`), kept as title text.
    static let keptKeyword = ImportReport.Kind.kept(
        "keyword outline cannot hold", "keywords outline cannot hold", "in titles")
    /// A priority other than A to C (org takes any letter with other settings), kept as text.
    static let keptPriority = ImportReport.Kind.kept(
        "priority other than A, B, C", "priorities other than A, B, C", "in titles")
    /// Org's `COMMENT` mark, which the outline has no flag for: it stays the title's first word.
    static let keptComment = ImportReport.Kind.kept("COMMENT mark", "COMMENT marks", "in titles")
    /// A tag with `#` or `%`, which org takes and the outline does not, kept at the title's end.
    static let keptTag = ImportReport.Kind.kept("tag with # or %", "tags with # or %", "in titles")
    /// A tag given twice on one headline (ignoring case), which the outline holds once.
    static let droppedTag = ImportReport.Kind.dropped("tag given twice", "tags given twice")

    /// The headline `line`, or nil when it is not one (stars, then a space).
    init?(_ line: Substring, keywords: OrgTodoKeywords) {
        let stars = line.unicodeScalars.prefix { $0 == "*" }
        guard !stars.isEmpty, stars.endIndex < line.unicodeScalars.endIndex, line.unicodeScalars[stars.endIndex] == " "
        else { return nil }
        level = stars.count
        var rest = Substring(line.unicodeScalars[stars.endIndex...]).droppingSpacesAndTabs
        // Words split at scalars, as org does: a mark after a space does not join them.
        let firstWord = Substring(rest.unicodeScalars.prefix { $0 != " " && $0 != "\t" })
        if let isDone = keywords.isDone(firstWord) {
            keyword = (String(firstWord), isDone)
            rest = Substring(rest.unicodeScalars[firstWord.endIndex...]).droppingSpacesAndTabs
        } else if keywords.unholdable.contains(String(firstWord)) {
            notes.append(Self.keptKeyword)
        }
        let scalars = Array(rest.unicodeScalars.prefix(4))
        if scalars.count == 4, scalars[0] == "[", scalars[1] == "#", scalars[3] == "]" {
            if let value = Priority(rawValue: String(scalars[2])) {
                priority = value
                rest = rest.droppingASCII(4).droppingSpacesAndTabs
            } else {
                notes.append(Self.keptPriority)
            }
        }
        if rest.startsWith(ascii: "COMMENT"), rest.utf8.count == 7 || rest.droppingASCII(7).firstScalar == " " {
            notes.append(Self.keptComment)
        }
        var title = Self.trimmedAtEnd(rest)
        let tagGroup = Self.splitTags(title)
        if let (before, _) = tagGroup { title = before }
        if title.firstScalar == OrgNoteText.breaker { title = Substring(title.unicodeScalars.dropFirst()) }
        if title.unicodeScalars.last == OrgNoteText.breaker { title = Substring(title.unicodeScalars.dropLast()) }
        if let (_, tagGroup) = tagGroup {
            var keys = Set<String>()
            var unheld: [String] = []
            for tag in tagGroup.unicodeScalars.split(separator: ":").map({ String(String.UnicodeScalarView($0)) }) {
                guard !tag.contains(where: { $0 == "#" || $0 == "%" }), let valid = try? Tag.validated(tag) else {
                    unheld.append(tag)
                    continue
                }
                if keys.insert(Tag.key(valid)).inserted { tags.append(valid) } else { notes.append(Self.droppedTag) }
            }
            if !unheld.isEmpty {
                // Kept where it was, as text: the writer protects a title that ends so.
                title = Substring(String(title) + " :" + unheld.joined(separator: ":") + ":")
                notes += Array(repeating: Self.keptTag, count: unheld.count)
            }
        }
        self.title = String(title)
    }

    /// `text` without the spaces and tabs at its end.
    private static func trimmedAtEnd(_ text: Substring) -> Substring {
        var end = text.unicodeScalars.endIndex
        while end > text.unicodeScalars.startIndex {
            let before = text.unicodeScalars.index(before: end)
            guard text.unicodeScalars[before] == " " || text.unicodeScalars[before] == "\t" else { break }
            end = before
        }
        return Substring(text.unicodeScalars[..<end])
    }

    /// The title before its tags and the tags between their outer colons (`a:b`), when
    /// `text` ends as org's tags do: white space, then `:word:word:`, words of letters, digits
    /// and `_@#%`.
    static func splitTags(_ text: Substring) -> (title: Substring, tags: Substring)? {
        guard text.unicodeScalars.last == ":",
            let space = text.unicodeScalars.lastIndex(where: { $0 == " " || $0 == "\t" })
        else { return nil }
        let group = Substring(text.unicodeScalars[text.unicodeScalars.index(after: space)...])
        guard group.unicodeScalars.count >= 3, group.first == ":",
            group.unicodeScalars.allSatisfy({
                $0 == ":" || $0 == "_" || $0 == "@" || $0 == "#" || $0 == "%" || $0.properties.isAlphabetic
                    || $0.properties.generalCategory == .decimalNumber
            }),
            group.contains(where: { $0 != ":" })
        else { return nil }
        return (
            trimmedAtEnd(Substring(text.unicodeScalars[..<space])),
            Substring(group.unicodeScalars.dropFirst().dropLast())
        )
    }
}
