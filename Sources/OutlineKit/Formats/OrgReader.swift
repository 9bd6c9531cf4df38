/// The `org` format: `*` headlines, one star a level; the keywords `TODO` (open) and `DONE`
/// (done) read as the state and taken out of the title, other text (tags included) kept in it;
/// body text as the note; plain lists (`-`, `+`, numbered, and `*` when indented, with `[ ]` and
/// `[X]` check boxes) as items under their headline, nested by indent. Property drawers and planning lines (`SCHEDULED:`, `CLOSED:`) are
/// org's own bookkeeping and are dropped, as are `#+` keyword lines before the first headline.
/// The zero-width spaces `OrgWriter` puts in are taken out again.
public enum OrgReader {
    /// The items of an org document.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        var nester = ItemNester()
        var noteLines: [String] = []
        var inDrawer = false
        let breaker = OrgWriter.breakerScalar
        var headlineDepth = 0
        var listLevels = IndentLevels()

        func finishNote(line: Int) throws {
            while noteLines.last?.isEmpty == true { noteLines.removeLast() }
            guard !noteLines.isEmpty, var item = nester.last else {
                noteLines = []
                return
            }
            item.note = try MarkdownReader.checkedNote(noteLines.joined(separator: "\n"), line: line)
            nester.last = item
            noteLines = []
        }

        var lastLine = 0
        for (number, line) in try DocumentLines(bytes) {
            lastLine = number
            let stars = line.unicodeScalars.prefix { $0 == "*" }
            if !stars.isEmpty, stars.endIndex < line.endIndex, line.unicodeScalars[stars.endIndex] == " " {
                try finishNote(line: number - 1)
                inDrawer = false
                var title = Substring(line[stars.endIndex...].unicodeScalars.drop { $0 == " " })
                var done = false
                for word in ["TODO", "DONE"] where title.startsWith(ascii: word) {
                    let after = title.droppingASCII(word.utf8.count)
                    guard after.isEmpty || after.firstScalar == " " else { continue }
                    done = word == "DONE"
                    title = Substring(after.unicodeScalars.drop { $0 == " " })
                    break  // one keyword: `TODO DONE keyword` is an open item titled `DONE keyword`
                }
                if title.firstScalar == breaker { title = Substring(title.unicodeScalars.dropFirst()) }
                if title.unicodeScalars.last == breaker { title = Substring(title.unicodeScalars.dropLast()) }
                let item = try MarkdownReader.checked(
                    ImportedItem(title: String(title), isDone: done), line: number, emptyAllowed: true)
                try nester.add(item, depth: stars.count, line: number)
                headlineDepth = nester.lastLevel
                listLevels = IndentLevels()
                continue
            }
            let text = line.droppingSpacesAndTabs
            if text == ":PROPERTIES:" || text == ":LOGBOOK:" {
                inDrawer = true
                continue
            }
            if inDrawer {
                if text == ":END:" { inDrawer = false }
                continue
            }
            if text.hasPrefix("SCHEDULED:") || text.hasPrefix("DEADLINE:") || text.hasPrefix("CLOSED:") { continue }
            if let content = MarkdownReader.bulletContent(text), !content.isEmpty {
                try finishNote(line: number - 1)
                var title = content
                var done = false
                for (box, isDone) in [("[ ] ", false), ("[-] ", false), ("[X] ", true), ("[x] ", true)]
                where title.startsWith(ascii: box) {
                    title = title.droppingASCII(box.utf8.count)
                    done = isDone
                }
                let depth = headlineDepth + listLevels.depth(of: line[..<text.startIndex])
                try nester.add(
                    try MarkdownReader.checked(ImportedItem(title: String(title), isDone: done), line: number),
                    depth: depth, line: number)
                continue
            }
            if nester.last == nil {
                // Before the first headline: the file's settings, and text that is an item.
                if text.isEmpty || text.hasPrefix("#+") { continue }
                try nester.add(
                    try MarkdownReader.checked(ImportedItem(title: String(text)), line: number), depth: 1, line: number)
                continue
            }
            var kept = text
            if kept.firstScalar == breaker { kept = Substring(kept.unicodeScalars.dropFirst()) }
            if kept.isEmpty && noteLines.isEmpty { continue }
            noteLines.append(String(kept))
        }
        try finishNote(line: lastLine)
        return try nester.finish()
    }
}
