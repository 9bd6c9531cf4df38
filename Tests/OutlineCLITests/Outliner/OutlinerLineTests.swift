import Testing

@testable import OutlineCommands

/// The outliner's line editor, its `:` line's words, and the keys a terminal sends for it.
@Suite("The outliner's line editor and command line")
struct OutlinerLineTests {
    /// Types `text` as a terminal sends it: one byte a key.
    private func typing(_ text: String) -> [Key] { Array(text.utf8).map(Key.byte) }

    @Test func wideAndCombiningCharactersTakeTheirColumns() {
        var editor = LineEditor()
        for key in typing("日本") + typing("e\u{301}") { _ = editor.handle(key) }
        #expect(editor.text == "日本é")
        // Two wide characters and one that a combining mark joined: five columns.
        #expect(editor.visible(width: 20).cursorColumn == 5)
        _ = editor.handle(.left)
        #expect(editor.visible(width: 20).cursorColumn == 4, "one step over é, mark and all")
        _ = editor.handle(.byte(0x7F))
        #expect(editor.text == "日é", "Backspace takes the wide character whole")
        #expect(editor.visible(width: 20).cursorColumn == 2)
    }

    @Test func theEditingKeys() {
        var editor = LineEditor("Buy oat milk")
        _ = editor.handle(.byte(0x17))  // Ctrl-W
        #expect(editor.text == "Buy oat ")
        _ = editor.handle(.byte(0x01))  // Ctrl-A
        _ = editor.handle(.delete)
        #expect(editor.text == "uy oat ")
        for key in typing("B") { _ = editor.handle(key) }
        _ = editor.handle(.end)
        for key in typing("bread") { _ = editor.handle(key) }
        #expect(editor.handle(.byte(0x0D)) == .accepted("Buy oat bread"))
        _ = editor.handle(.byte(0x15))  // Ctrl-U
        #expect(editor.text == "")
        #expect(editor.handle(.escape) == .cancelled)
    }

    @Test func aLongLineScrollsToKeepTheCursorInView() {
        let editor = LineEditor(String(repeating: "abcdefghij", count: 5))
        let shown = editor.visible(width: 12)
        #expect(shown.cursorColumn == 11)
        #expect(shown.text == "jabcdefghij", "the last eleven characters, the cursor in the twelfth column")
    }

    @Test func wordsAreSplitAsAShellSplitsThem() throws {
        #expect(
            try CommandWords.split(#"set --due "next fri" --tag 'a b' c\ d"#) == [
                "set", "--due", "next fri", "--tag", "a b", "c d",
            ])
        #expect(try CommandWords.split(#"note "" --"#) == ["note", "", "--"])
        #expect(throws: CommandWords.Unfinished(what: "a double quote")) { try CommandWords.split(#"add "open"#) }
    }

    @Test func theCursorsItemGoesWhereACommandNamesNone() throws {
        #expect(Outliner.namesNoItem(["--due", "fri"], of: Outline.SetCommand.self))
        #expect(!Outliner.namesNoItem(["5", "--due", "fri"], of: Outline.SetCommand.self))
        #expect(Outliner.namesNoItem([], of: Outline.Show.self))
        #expect(!Outliner.namesNoItem(["Milk"], of: Outline.Add.self), "add takes titles")
        #expect(!Outliner.namesNoItem([], of: Outline.Add.self))
        #expect(Outliner.namesNoItem(["--under=3"], of: Outline.Move.self))
    }

    @Test func theKeysTheOutlinerAddsToTheDecoder() {
        let bytes = Array("\u{1B}[C\u{1B}[D\u{1B}[3~\u{1B}[Z\u{1B}[1;3A\u{1B}[1;3B\u{1B}[1;5A".utf8)
        #expect(
            KeyDecoder.decode(bytes, inputPaused: true).keys == [
                .right, .left, .delete, .backTab, .altUp, .altDown, .up,
            ])
    }
}
