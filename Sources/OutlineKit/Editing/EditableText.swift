/// The text `edit` opens in an editor: a subtree, one item a line, that the user reorders,
/// reindents, retitles, adds to and deletes from (see SPEC, "Editing in an editor").
///
/// ```
/// # Edit "Groceries" below ...
/// Dairy  #12
///   [x] Milk  #13
///   Cheese  #14
/// Bread  #15
/// ```
///
/// Each line is two spaces of indent a level, `[x] ` before a done item's title, the title, and
/// `  #ID`. A title that a reader would take for something else gets a backslash: before a `#`,
/// `[` or `\` that starts it, and before the `#` of a `#` and digits that end it.
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
        /// Whether the item is done.
        public var isDone: Bool

        /// A line at `depth` for item `id` (nil: a new item).
        public init(depth: Int, id: ItemID?, title: String, isDone: Bool = false) {
            self.depth = depth
            self.id = id
            self.title = title
            self.isDone = isDone
        }

        /// The line of an item met by a walk.
        public init(_ entry: TreeEntry) {
            self.init(depth: entry.depth, id: entry.id, title: entry.item.title, isDone: entry.item.isDone)
        }

        /// The line as the text holds it, without its line end.
        public var text: String {
            String(repeating: "  ", count: max(depth - 1, 0)) + (isDone ? "[x] " : "") + EditableText.escaped(title)
                + (id.map { "  #\($0)" } ?? "")
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
    ///   - entries: the subtree, depth-first, as a walk gives it.
    ///   - rootTitle: the title of the item whose descendants these are; nil for the root.
    ///   - base: what the text is made from.
    public static func text(of entries: [TreeEntry], rootTitle: String?, base: Base) -> String {
        header(rootTitle: rootTitle, base: base) + Self.text(of: entries.map(Line.init))
    }

    /// Whether `bytes` hold an item line: a line that is neither blank nor a comment. A text
    /// without one changes nothing when applied.
    public static func holdsItems(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).contains { line in
            let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            return !text.isEmpty && text.first != UInt8(ascii: "#")
        }
    }

    /// The comment lines at the top of the text.
    static func header(rootTitle: String?, base: Base) -> String {
        let subject = rootTitle.map { "the items under \"\(TitleSanitizer.forTerminal($0))\"" } ?? "the whole outline"
        return """
            # Editing \(subject): one item a line, two spaces of indent a level.
            # vim: set expandtab shiftwidth=2 softtabstop=2 :
            # "[x] " before a title marks the item done. The "#ID" at the end of a line keeps that item:
            # move, indent or retitle the line freely. A line without one is a new item; an item whose
            # line you delete is removed. Notes are kept. Save and quit to apply it all as one step
            # (outline undo takes it back); quit without saving, or empty the text, to change nothing.
            # Lines that start with "#" are comments. Keep the next line: it tells outline what this
            # text was made from, so that a change made elsewhere meanwhile is not overwritten.
            \(base.line)

            """
    }

    /// The title with the backslashes that keep a reader from taking it for a comment, a state
    /// marker or an id: before a `#`, `[` or `\` that starts it, and before the `#` of a `#` and
    /// digits that end it. So that a `\#12` the user moves away from the end still reads as
    /// `#12`, any `\` before `#` and a digit is read as an escape; a title's own backslash there
    /// is escaped too.
    static func escaped(_ title: String) -> String {
        let characters = Array(title)
        let trailing = trailingHashAndDigits(in: characters)
        var result = ""
        for (index, character) in characters.enumerated() {
            if index == 0, character == "#" || character == "[" || character == "\\" {
                result.append("\\")
            } else if character == "#", index + 1 < characters.count, isDigit(characters[index + 1]),
                index == trailing || characters[index - 1] == "\\"
            {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    /// The title a line's text stands for: `escaped` undone.
    static func unescaped(_ text: Substring) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                let escapesStart = index == 0 && (next == "#" || next == "[" || next == "\\")
                let escapesNumber = next == "#" && index + 2 < characters.count && isDigit(characters[index + 2])
                if escapesStart || escapesNumber {
                    result.append(next)
                    index += 2
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        return result
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// The offset of the `#` of a `#` followed by one or more ASCII digits that ends `characters`.
    private static func trailingHashAndDigits(in characters: [Character]) -> Int? {
        var index = characters.count
        while index > 0, isDigit(characters[index - 1]) { index -= 1 }
        guard index < characters.count, index > 0, characters[index - 1] == "#" else { return nil }
        return index - 1
    }

    /// A fingerprint of a subtree as the text shows it: each item's id, depth, state and title,
    /// in order. FNV-1a, which is the same in every process (Swift's `Hasher` is seeded afresh
    /// in each).
    public static func fingerprint(of entries: [TreeEntry]) -> UInt64 {
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
        for entry in entries {
            mixNumber(entry.item.id)
            mixNumber(Int64(entry.depth))
            mix(entry.item.isDone ? 1 : 0)
            for byte in entry.item.title.utf8 { mix(byte) }
            mix(0xFF)  // Never in UTF-8: ends the title.
        }
        return hash
    }
}
