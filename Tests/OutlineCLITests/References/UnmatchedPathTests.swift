import Foundation
import Testing

/// A path that names no item says why where it can (SPEC, "Exit status and errors"): a title on
/// the way that holds a `/`, or one that matches but for accents. Each refusal is one line, exits
/// 1 and changes nothing.
@Suite("Paths that name no item point at the fix")
struct UnmatchedPathTests {
    let outline = OutlineProcess()

    /// 1 Health (2 Yoga Tue/Thu (3 Mat)), 4 Groceries (5 Käse, 6 Milk), 7 a/b/c
    private func makeOutline() throws {
        try outline.run(["add", "Health"])
        try outline.run(["add", "Yoga Tue/Thu", "--under", "Health"])
        try outline.run(["add", "Mat", "--under", "2"])
        try outline.run(["add", "Groceries"])
        try outline.run(["add", "Käse", "Milk", "--under", "Groceries"])
        try outline.run(["add", "a/b/c"])
    }

    /// Runs a command that must be refused with exactly `message`, and checks that the outline
    /// is as it was.
    private func expectRefusal(
        _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try outline.tsv()
        let result = try outline.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == message + "\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(try outline.tsv() == before, "\(arguments) changed the outline", sourceLocation: sourceLocation)
    }

    @Test func aTitleThatHoldsASlashIsShownEscaped() throws {
        try makeOutline()
        try expectRefusal(
            ["show", "Health/Yoga Tue/Thu"],
            #"error: no item titled "Yoga Tue" under "Health"; the title "Yoga Tue/Thu" holds a /, which a path writes \/: 'Health/Yoga Tue\/Thu'"#
        )
        // The path the error gives names the item.
        let fixed = try outline.run(["show", #"Health/Yoga Tue\/Thu"#, "--json"])
        #expect(fixed.status == 0 && fixed.stdout.hasPrefix(#"{"id":2,"#), "\(fixed)")
        // Anchored or not, first or deeper, with more titles after it, in a command that writes.
        try expectRefusal(
            ["rm", "Yoga Tue/Thu/Mat"],
            #"error: no item titled "Yoga Tue"; the title "Yoga Tue/Thu" holds a /, which a path writes \/: 'Yoga Tue\/Thu/Mat'"#
        )
        try expectRefusal(
            ["mv", "/a/b/c", "--under", "Health"],
            #"error: no top-level item titled "a"; the title "a/b/c" holds a /, which a path writes \/: '/a\/b\/c'"#
        )
        try expectRefusal(
            ["add", "x", "--under", "/Health/Yoga Tue/Thu/Mat"],
            #"error: no item titled "Yoga Tue" under "Health"; the title "Yoga Tue/Thu" holds a /, which a path writes \/: '/Health/Yoga Tue\/Thu/Mat'"#
        )
        // Quoted so that a shell passes it on whole, a quote in a title included.
        try outline.run(["add", "Bob's/Yoga"])
        try expectRefusal(
            ["show", "Bob's/Yoga"],
            #"error: no item titled "Bob's"; the title "Bob's/Yoga" holds a /, which a path writes \/: 'Bob'\''s\/Yoga'"#
        )
    }

    /// Paths ignore case but not accents; the error names the items that match but for accents,
    /// by their full paths, so that one can be copied.
    @Test func aTitleThatMatchesButForAccentsIsNamed() throws {
        try makeOutline()
        try expectRefusal(["show", "Kase"], "error: no item titled \"Kase\"; did you mean /Groceries/Käse?")
        try expectRefusal(
            ["done", "groceries/KASE"],
            "error: no item titled \"KASE\" under \"groceries\"; did you mean /Groceries/Käse?")
        try expectRefusal(
            ["rm", "/groceries/Kase"],
            "error: no item titled \"Kase\" under \"groceries\"; did you mean /Groceries/Käse?")
        try expectRefusal(
            ["show", "Heälth/Yoga Tue/Thu"], #"error: no item titled "Heälth"; did you mean /Health/Yoga Tue\/Thu?"#)
        // Several: the first three by id, then how many more.
        try outline.run(["add", "KÄSE", "kåse", "Kase\u{301}", "Kàse", "--under", "Health"])
        try expectRefusal(
            ["show", "kase"],
            "error: no item titled \"kase\"; did you mean /Groceries/Käse, /Health/KÄSE, /Health/kåse or one of 2 more?"
        )
        try expectRefusal(
            ["show", "Health/kase"],
            "error: no item titled \"kase\" under \"Health\"; did you mean /Health/KÄSE, /Health/kåse, /Health/Kase\u{301} or /Health/Kàse?"
        )
    }

    /// A title written by another SQLite tool, not yet in the indexes, is found as well.
    @Test func aTitleWrittenOutsideOutlineIsFoundToo() throws {
        try makeOutline()
        try outline.sqlite(
            "UPDATE item SET title = 'Tee/Kaffee' WHERE id = 6; UPDATE item SET title = 'Brot' WHERE id = 3")
        try expectRefusal(
            ["show", "Groceries/Tee/Kaffee"],
            #"error: no item titled "Tee" under "Groceries"; the title "Tee/Kaffee" holds a /, which a path writes \/: 'Groceries/Tee\/Kaffee'"#
        )
        try expectRefusal(["show", "bröt"], #"error: no item titled "bröt"; did you mean /Health/Yoga Tue\/Thu/Brot?"#)
    }

    /// A path of hundreds of titles, which could be joined in very many ways, is refused as
    /// quickly as any other.
    @Test func aLongPathIsRefusedQuickly() throws {
        try makeOutline()
        let path = Array(repeating: "Health", count: 400).joined(separator: "/")
        let result = try OutlineProcess.run(
            ["--db", outline.database, "show", path], input: nil, timeout: 20)
        #expect(!result.timedOut)
        #expect(
            result.status == 1 && result.stderr == "error: no item titled \"Health\" under \"Health\"\n", "\(result)")
    }

    /// A path that misses for no reason it can name says only what it said before.
    @Test func aPlainMissSaysNoMore() throws {
        try makeOutline()
        try expectRefusal(["show", "Cheese"], "error: no item titled \"Cheese\"")
        try expectRefusal(["show", "Health/Yoga Tue/Fri"], "error: no item titled \"Yoga Tue\" under \"Health\"")
        // Käse is not at the top level, where an anchored path looks.
        try expectRefusal(["show", "/Kase"], "error: no top-level item titled \"Kase\"")
    }
}
