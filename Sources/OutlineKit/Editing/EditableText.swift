/// The text `edit` opens in an editor: a subtree, one item a line, that the user reorders,
/// reindents, retitles, adds to and deletes from (see SPEC, "Editing in an editor").
///
/// ```
/// # Edit "Groceries" below ...
/// Dairy  #12
///   [x] Milk  #13
///   [ ] Cheese  #14
/// [NEXT] Bread  #15
/// ```
///
/// Each line is two spaces of indent a level, the item's state before its title (`Marker`: `[ ] `
/// for the workflow's first open keyword, `[x] ` for its first done one, `[NEXT] ` for any other,
/// nothing for a plain item), the title, and `  #ID`. A title that a reader would take for
/// something else gets a backslash: before a `#`, `[` or `\` that starts it, and before every `#`
/// that reads like an id (`idLike`).
public enum EditableText {
    /// What the text was made from: the item whose descendants it lists, and a fingerprint of
    /// their ids, places, titles and states. Written in the text as a comment, so that applying
    /// it later can tell whether the subtree changed in between.
    public struct Base: Equatable, Sendable {
        /// The item whose descendants the text lists; the root for the whole outline.
        public var root: ItemID
        /// The fingerprint of the subtree (`EditableText.fingerprint`).
        public var fingerprint: UInt64

        /// The base of a text made from `root`'s subtree with `fingerprint`.
        public init(root: ItemID, fingerprint: UInt64) {
            self.root = root
            self.fingerprint = fingerprint
        }

        /// The comment line that carries the base.
        var line: String {
            let hex = String(fingerprint, radix: 16)
            return "\(EditableText.baseMarker) \(root) \(String(repeating: "0", count: 16 - hex.count))\(hex)"
        }
    }

    /// One item's line: what a program that writes a text for `applyEditedText` puts on it.
    public struct Line: Equatable, Sendable {
        /// 1 for a child of the text's root (no indent), 2 for a grandchild, and so on.
        public var depth: Int
        /// The item the line keeps; nil for a new item.
        public var id: ItemID?
        /// The title, as the item has it (escaped when written).
        public var title: String
        /// The state shown before the title; nil for a plain item.
        public var marker: Marker?

        /// A line at `depth` for item `id` (nil: a new item), with `marker` before its title.
        public init(depth: Int, id: ItemID?, title: String, marker: Marker? = nil) {
            self.depth = depth
            self.id = id
            self.title = title
            self.marker = marker
        }

        /// The line of an item met by a walk, its state shown as `workflow` shows it. A walk
        /// that did not read attributes gives no keyword: its done items show as `[x]`.
        public init(_ entry: TreeEntry, workflow: Workflow) {
            let keyword = entry.attributes.map(\.state) ?? (entry.item.isDone ? workflow.done[0] : nil)
            self.init(
                depth: entry.depth, id: entry.id, title: entry.item.title,
                marker: Marker(showing: keyword, in: workflow))
        }

        /// The line as the text holds it, without its line end.
        public var text: String {
            String(repeating: "  ", count: max(depth - 1, 0)) + (marker.map { $0.text + " " } ?? "")
                + EditableText.escaped(title) + (id.map { "  #\($0)" } ?? "")
        }
    }

    /// `lines`, one a line, without the comments at the top or a base line: a text that applies
    /// over the subtree as it is when applied.
    public static func text(of lines: [Line]) -> String {
        lines.map { $0.text + "\n" }.joined()
    }

    /// The start of the comment line that carries the base.
    static let baseMarker = "# outline-edit-base"

    /// The whole text of a subtree: the comments that say how to edit it, then one line an item.
    ///
    /// - Parameters:
    ///   - lines: the subtree's lines, depth-first, as a walk gives the items
    ///     (`Line.init(_:workflow:)`).
    ///   - rootTitle: the title of the item whose descendants these are; nil for the root.
    ///   - base: what the text is made from: `lines`' fingerprint.
    ///   - workflow: the outline's keywords, which the comments name.
    public static func text(of lines: [Line], rootTitle: String?, base: Base, workflow: Workflow) -> String {
        header(rootTitle: rootTitle, base: base, workflow: workflow) + Self.text(of: lines)
    }

    /// Whether `bytes` hold an item line: a line that is neither blank nor a comment. A text
    /// without one changes nothing when applied.
    public static func holdsItems(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).contains { line in
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            return !text.isEmpty && text.first != UInt8(ascii: "#")
        }
    }

    /// The comment lines at the top of the text: how to edit it, with the workflow's keywords
    /// that `[ ]` and `[x]` stand for, and the base line.
    static func header(rootTitle: String?, base: Base, workflow: Workflow) -> String {
        let subject = rootTitle.map { "the items under \"\(TitleSanitizer.forTerminal($0))\"" } ?? "the whole outline"
        let (open, done) = (workflow.open[0], workflow.done[0])
        return """
            # Editing \(subject): one item a line, two spaces of indent a level.
            # vim: set expandtab shiftwidth=2 softtabstop=2 :
            # Before a title, "[ ] " makes the item a \(open) task, "[x] " marks it \(done), "[KEYWORD] " gives it
            # another keyword of the workflow (\(workflow)); no brackets: a plain item. The "#ID"
            # at the end of a line keeps that item: move, indent or retitle the line freely. A line without one
            # is a new item; an item whose line you delete is removed. Notes, tags and dates are kept. Save and
            # quit to apply it all as one step (outline undo takes it back); quit without saving, or empty the
            # text, to change nothing. Lines that start with "#" are comments. Keep the next line: it tells
            # outline what this text was made from, so that a change made elsewhere meanwhile is not overwritten.
            \(base.line)

            """
    }

    /// The title with the backslashes that keep a reader from taking it for a comment, a state
    /// marker or an id: before a `#`, `[` or `\` that starts it, and before every `#` that reads
    /// like an id (`idLike`), or that follows a backslash of the title's own.
    ///
    /// Scalars, not characters, as the reader reads lines (a `#` that a variation selector
    /// follows, as in a keycap, is one character with it, and went unescaped).
    static func escaped(_ title: String) -> String {
        let characters = Array(title.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, character) in characters.enumerated() {
            if index == 0, character == "#" || character == "＃" || character == "[" || character == "\\" {
                result.append("\\")
            } else if character == "#" || character == "＃",
                characters[index - 1] == "\\" || idLike(characters, at: index) != nil
            {
                result.append("\\")
            }
            result.append(character)
        }
        return String(result)
    }

    /// The title a line's text stands for: `escaped` undone. A backslash before `#` (or `＃`)
    /// anywhere, and before `[` or `\` at the start, stands for the character after it.
    static func unescaped(_ text: Substring) -> String {
        let characters = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                if next == "#" || next == "＃" || (index == 0 && (next == "[" || next == "\\")) {
                    result.append(next)
                    index += 2
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        return String(result)
    }

    /// How a `#` that reads like an id sits in its line.
    struct IDLike {
        /// `#` and ASCII digits, as the text writes ids; false for `# 4`, `#-4`, `＃4`, `#４`.
        var isPlain: Bool
        /// Whether it ends the line.
        var isAtEnd: Bool
        /// Whether two spaces or a tab come before it.
        var followsGap: Bool
        /// The `#` and what follows it, as written.
        var shown: String
    }

    /// Whether the `#` (or `＃`) at `index` reads like an id: a `#` and digits that end the text, or
    /// that follow two spaces or a tab; or, after two spaces or a tab at the end, an id mistyped
    /// (a space or a sign after the `#`, full-width or other scripts' characters). A title's own
    /// such `#` is escaped by the writer, so an unescaped one is an id, or damage.
    static func idLike(_ characters: [Unicode.Scalar], at index: Int) -> IDLike? {
        var gap = 0
        var tabbed = false
        var before = index
        while before > 0, characters[before - 1] == " " || characters[before - 1] == "\t" {
            before -= 1
            gap += 1
            if characters[before] == "\t" { tabbed = true }
        }
        var after = index + 1
        while after < characters.count, characters[after] == " " { after += 1 }
        if after < characters.count, characters[after] == "-" || characters[after] == "+" { after += 1 }
        let digitsStart = after
        while after < characters.count, isWholeNumber(characters[after]) { after += 1 }
        guard after > digitsStart else { return nil }
        let isPlain =
            characters[index] == "#" && digitsStart == index + 1
            && characters[digitsStart..<after].allSatisfy { $0.isASCII }
        let like = IDLike(
            isPlain: isPlain, isAtEnd: after == characters.count, followsGap: gap >= 2 || tabbed,
            shown: String(String.UnicodeScalarView(characters[index..<after])))
        if isPlain ? (like.isAtEnd || like.followsGap) : (like.isAtEnd && like.followsGap) { return like }
        return nil
    }

    /// Whether `scalar` is a digit of some script (or another whole number): a mistyped id may be
    /// written in any.
    static func isWholeNumber(_ scalar: Unicode.Scalar) -> Bool {
        guard let value = scalar.properties.numericValue else { return false }
        return value == value.rounded()
    }

    /// A fingerprint of a subtree as the text shows it: each line's id, depth, state and title,
    /// in order. FNV-1a, which is the same in every process (Swift's `Hasher` is seeded afresh
    /// in each).
    ///
    /// The state counts as the marker shows it, so that a text whose `[ ]` stood for another
    /// keyword when it was made (the workflow changed meanwhile) is refused like any other
    /// change. A plain or `[x]` line is mixed in as before markers came, so that a text kept
    /// then still applies.
    public static func fingerprint(of lines: [Line]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        func mixNumber(_ number: Int64) {
            var value = UInt64(bitPattern: number)
            for _ in 0..<8 {
                mix(UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
        }
        for line in lines {
            mixNumber(line.id ?? 0)
            mixNumber(Int64(line.depth))
            mix(line.marker == .done ? 1 : 0)
            for byte in line.title.utf8 { mix(byte) }
            mix(0xFF)  // Never in UTF-8: ends the title.
            if let marker = line.marker, marker != .done {
                for byte in marker.text.utf8 { mix(byte) }
                mix(0xFF)
            }
        }
        return hash
    }
}
