import OutlineKit

/// The one-line editor of the outliner: a title edited in place, a search, a `:` command.
///
/// The text is kept as the part before the cursor and the part after it, both Swift strings, so
/// that a combining mark typed after a letter joins it into one character (one cursor step, one
/// Backspace), and the cursor's column is the terminal width of the part before it (wide
/// characters take two columns).
struct LineEditor: Equatable {
    private(set) var beforeCursor: String
    private(set) var afterCursor: String
    /// The bytes of a character that UTF-8 writes in several, until its last one comes.
    private var pendingBytes: [UInt8] = []

    /// An editor holding `text`, the cursor at its end (or its start).
    init(_ text: String = "", cursorAtStart: Bool = false) {
        beforeCursor = cursorAtStart ? "" : text
        afterCursor = cursorAtStart ? text : ""
    }

    /// The whole text.
    var text: String { beforeCursor + afterCursor }

    /// What a key did to the line.
    enum Outcome: Equatable {
        /// The line changed, or the cursor moved, or nothing did: keep editing.
        case editing
        /// Enter: take the text.
        case accepted(String)
        /// Escape (or Ctrl-C, Ctrl-G): leave the text as it was before.
        case cancelled
    }

    /// Applies `key`.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .byte(0x0D), .byte(0x0A): return .accepted(text)
        case .escape, .byte(0x03), .byte(0x07): return .cancelled
        case .left, .byte(0x02): moveLeft()
        case .right, .byte(0x06): moveRight()
        case .home, .byte(0x01): moveToStart()
        case .end, .byte(0x05): moveToEnd()
        case .byte(0x7F), .byte(0x08):
            if !beforeCursor.isEmpty { beforeCursor.removeLast() }
        case .delete, .byte(0x04):
            if !afterCursor.isEmpty { afterCursor.removeFirst() }
        case .byte(0x17): deleteWordBeforeCursor()
        case .byte(0x15): beforeCursor = ""
        case .byte(0x0B): afterCursor = ""
        case .byte(let byte) where byte >= 0x20: insert(byte)
        default: break
        }
        return .editing
    }

    /// Takes one byte of typed text: ASCII at once, the bytes of a longer UTF-8 character once
    /// the last has come. A byte that cannot be part of a character is dropped.
    private mutating func insert(_ byte: UInt8) {
        if byte < 0x80 {
            pendingBytes = []
            beforeCursor.unicodeScalars.append(Unicode.Scalar(byte))
            return
        }
        if byte & 0xC0 != 0x80 { pendingBytes = [] }  // a lead byte starts a new character
        pendingBytes.append(byte)
        let expected =
            switch pendingBytes[0] {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 0
            }
        guard expected > 0 else {
            pendingBytes = []
            return
        }
        guard pendingBytes.count == expected else { return }
        // Appending scalars, not characters, lets a combining mark join the character before it.
        if let decoded = String(validating: pendingBytes, as: UTF8.self) {
            let cleaned = decoded.unicodeScalars.filter { !$0.properties.isNoncharacterCodePoint }
            beforeCursor.unicodeScalars.append(contentsOf: cleaned)
        }
        pendingBytes = []
    }

    private mutating func moveLeft() {
        guard let last = beforeCursor.popLast() else { return }
        afterCursor.insert(last, at: afterCursor.startIndex)
    }

    private mutating func moveRight() {
        guard !afterCursor.isEmpty else { return }
        beforeCursor.append(afterCursor.removeFirst())
    }

    private mutating func moveToStart() {
        afterCursor = beforeCursor + afterCursor
        beforeCursor = ""
    }

    private mutating func moveToEnd() {
        beforeCursor += afterCursor
        afterCursor = ""
    }

    /// Ctrl-W: the spaces just before the cursor, then the word before them.
    private mutating func deleteWordBeforeCursor() {
        while beforeCursor.last?.isWhitespace == true { beforeCursor.removeLast() }
        while let last = beforeCursor.last, !last.isWhitespace { beforeCursor.removeLast() }
    }

    /// The part of the line to draw in `width` columns, and the cursor's column in it: the text
    /// scrolls sideways to keep the cursor in view, whole characters at a time.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        let shownBefore = TitleSanitizer.forTerminal(beforeCursor)
        let shownAfter = TitleSanitizer.forTerminal(afterCursor)
        let room = max(1, width - 1)
        var before = shownBefore
        // Drop characters from the left until the cursor fits, leaving room for one after it.
        while TerminalWidth.columns(of: before) > room, !before.isEmpty { before.removeFirst() }
        let column = TerminalWidth.columns(of: before)
        let after = TerminalWidth.cut(shownAfter, to: max(0, width - column))
        return (before + after, column)
    }
}
