import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

@testable import OutlineCommands

/// What the outliner does with typed and pasted text when something goes wrong under it:
/// nothing typed is dropped without a word.
@Suite("The outliner keeps what is typed")
struct OutlinerTypingTests {
    let directory = TemporaryDirectory()

    private func outliner(_ titles: [String]) throws -> (OutlineStore, Outliner) {
        let store = try OutlineStore(path: directory.file("typing.db"))
        if !titles.isEmpty { try store.add(titles) }
        return (store, try Outliner(store: store))
    }

    private func type(_ text: String, into outliner: Outliner) {
        for byte in text.utf8 { _ = outliner.handle(.byte(byte)) }
    }

    @Test func aPasteIsTextNeverCommands() throws {
        let (store, outliner) = try self.outliner(["Alpha", "Beta"])
        // While moving around: none of it is a command (dd would remove Alpha).
        _ = outliner.handle(.pasteStart)
        type("x\ndd\n", into: outliner)
        _ = outliner.handle(.pasteEnd)
        #expect(try store.children().map(\.title) == ["Alpha", "Beta"])
        #expect(try !store.item(1).isDone)
        #expect(outliner.message?.text.hasPrefix("pasted text is not a command") == true)
        // In the line editor: its line ends are spaces, and Enter is still the user's.
        _ = outliner.handle(.byte(UInt8(ascii: "a")))
        _ = outliner.handle(.pasteStart)
        type(" one\ntwo", into: outliner)
        _ = outliner.handle(.pasteEnd)
        _ = outliner.handle(.byte(0x0D))
        #expect(try store.item(1).title == "Alpha one two")
    }

    @Test func aTitleRemovedWhileTypedBecomesANewItem() throws {
        let (store, outliner) = try self.outliner(["Alpha", "Beta"])
        _ = outliner.handle(.byte(UInt8(ascii: "a")))
        type(" kept", into: outliner)
        // Another process removes the item.
        try OutlineStore(path: store.path).remove([1])
        _ = outliner.handle(.byte(0x0D))
        #expect(outliner.message?.text.hasPrefix("item 1 was removed by another process while you typed") == true)
        guard case .editing(.newItem, let editor) = outliner.mode else {
            Issue.record("still editing, as a new item: \(outliner.mode)")
            return
        }
        #expect(editor.text == "Alpha kept")
        _ = try outliner.frame(rows: 10, columns: 60)
        _ = outliner.handle(.byte(0x0D))
        #expect(try store.children().map(\.title) == ["Alpha kept", "Beta"])
    }

    @Test func aTitleRetitledMeanwhileIsShownBeforeItIsOverwritten() throws {
        let (store, outliner) = try self.outliner(["Alpha"])
        _ = outliner.handle(.byte(UInt8(ascii: "a")))
        type(" mine", into: outliner)
        try OutlineStore(path: store.path).edit(1, title: "Theirs")
        _ = outliner.handle(.byte(0x0D))
        #expect(try store.item(1).title == "Theirs")
        #expect(outliner.message?.text.contains("another process retitled it \"Theirs\" meanwhile") == true)
        _ = outliner.handle(.byte(0x0D))
        #expect(try store.item(1).title == "Alpha mine")
    }

    @Test func anEmptyTitleIsRefusedAtOnceAndTheEditorStays() throws {
        let (store, outliner) = try self.outliner(["Alpha"])
        _ = outliner.handle(.byte(UInt8(ascii: "a")))
        _ = outliner.handle(.byte(0x15))
        _ = outliner.handle(.byte(0x0D))
        #expect(try store.item(1).title == "Alpha")
        #expect(outliner.message?.isError == true)
        let frame = try outliner.frame(rows: 8, columns: 60)
        #expect(frame.lines.last?.contains("a title cannot be empty") == true, "\(frame.lines)")
        guard case .editing = outliner.mode else {
            Issue.record("the editor stays open")
            return
        }
    }
}
