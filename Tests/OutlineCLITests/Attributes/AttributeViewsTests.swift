import Foundation
import Testing

/// The views of what items hold: `find`'s FILTERs, `tags` and `agenda` (SPEC, their rows).
/// Dates are given relative to today, so that the tests hold on any day.
@Suite("find filters, tags and the agenda, end to end")
struct AttributeViewsTests {
    let outline = OutlineProcess()

    /// The ids `find` prints for `arguments`, or none (exit 1).
    private func found(_ arguments: [String]) throws -> [String] {
        let result = try outline.run(["find"] + arguments)
        #expect(result.status == (result.stdout.isEmpty ? 1 : 0), "\(arguments): \(result)")
        return result.lines.map { String($0.split(separator: " ")[0]) }
    }

    private func makeTasks() throws {
        try outline.createDatabase()
        try outline.run(["add", "Work", "Home"])  // 1, 2
        // Items 3 and 4.
        try outline.run(["add", "Report #urgent", "Slides", "--under", "Work", "--state", "TODO", "--tag", "work"])
        try outline.run(["set", "Report #urgent", "--due", "today", "--priority", "A"])
        try outline.run(["set", "Slides", "--scheduled", "+2d", "--property", "Effort=2h"])
        try outline.run(["add", "Pay rent", "--under", "Home", "--due", "yesterday", "--tag", "Money"])  // 5
        try outline.run(["add", "Water plants", "--under", "Home", "--due", "today +1d", "--state", "TODO"])  // 6
        try outline.run(["add", "Old chore", "--under", "Home"])  // 7
        try outline.run(["done", "Old chore"])
    }

    @Test func filtersNarrowTheItemsAndTextIsOptional() throws {
        try makeTasks()
        #expect(try found(["--tag", "work"]) == ["3", "4"])
        #expect(try found(["--tag", "URGENT"]) == ["3"], "a #tag in a title counts, ignoring case")
        #expect(try found(["--tag", "work", "--tag", "urgent"]) == ["3"])
        #expect(try found(["report", "--tag", "work"]) == ["3"])
        #expect(try found(["--state", "TODO"]) == ["3", "4", "6"])
        #expect(try found(["--state", "done"]) == ["7"])
        #expect(try found(["--state", "none"]) == ["1", "2", "5"])
        #expect(try found(["--priority", "B"]) == ["3"])
        #expect(try found(["--due-by", "today"]) == ["3", "5", "6"])
        #expect(try found(["--due-by", "yesterday"]) == ["5"])
        #expect(try found(["--scheduled-by", "+7d"]) == ["4"])
        #expect(try found(["--property", "effort"]) == ["4"])
        #expect(try found(["--property", "Effort=2h"]) == ["4"])
        #expect(try found(["--property", "Effort=3h"]) == [])
        #expect(try found(["--done-since", "today"]) == ["7"])
        #expect(try found(["--tag", "work", "--under", "Home"]) == [])
        // Whatever `tags` lists can be looked for, tags written in titles with spaces or dashes too.
        try outline.run(["add", "Meet #[[two words]] later", "Read #to-read"])  // 8, 9
        #expect(try found(["--tag", "two words"]) == ["8"])
        #expect(try found(["--tag", "#[[Two Words]]"]) == ["8"])
        #expect(try found(["--tag", "to-read"]) == ["9"])

        // A repeating task done today stays open, moves, and counts as finished today.
        let done = try outline.run(["done", "Water plants"])
        #expect(done.stdout.hasPrefix("marked \"Water plants\" done (due moved to "), "\(done)")
        #expect(try found(["--done-since", "today"]) == ["6", "7"])
        #expect(try found(["--state", "TODO", "--due-by", "today"]) == ["3"])

        let refused = try outline.run(["find", "--due-by", "2026-02-30"])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: cannot read the date \"2026-02-30\""))
        #expect(try outline.run(["find", "--tag", " "]).status == 1)
        // "this or higher" takes no `none`, and its error does not offer one.
        let none = try outline.run(["find", "--priority", "none"])
        #expect(
            none.status == 1 && none.stderr.hasPrefix("error: \"none\" is not a priority to find: expected A, B or C"))
        #expect(!none.stderr.contains("or none"))
    }

    @Test func tagsCountEveryItemOnceMostUsedFirst() throws {
        try makeTasks()
        try outline.run(["add", "Budget #money #Work", "--under", "Home"])
        #expect(try outline.run(["tags"]).stdout == "3  work\n2  Money\n1  urgent\n")
        #expect(
            try outline.run(["tags", "--json"]).stdout
                == #"[{"tag":"work","count":3},{"tag":"Money","count":2},{"tag":"urgent","count":1}]"# + "\n")
        try outline.run(["undo"])
        #expect(try outline.run(["tags"]).stdout == "2  work\n1  Money\n1  urgent\n")
    }

    @Test func theAgendaShowsOverdueThenEachDay() throws {
        try makeTasks()
        let agenda = try outline.run(["agenda"])
        #expect(agenda.status == 0, "\(agenda)")
        let lines = agenda.lines
        #expect(lines.first == "Overdue")
        #expect(lines[1].hasPrefix("5         -     /Home/Pay rent  (due "), "\(lines)")
        #expect(lines[2].hasSuffix(", today"))
        #expect(lines[3] == "3         TODO  /Work/Report #urgent  (due)", "priority A before none")
        #expect(lines[4] == "6         TODO  /Home/Water plants  (due)")
        // The daily repeat is on each of the seven days; Slides on the day after tomorrow.
        #expect(lines.filter { $0.contains("Water plants") }.count == 7)
        #expect(lines.filter { $0.contains("/Work/Slides  (scheduled)") }.count == 1)
        #expect(try outline.run(["agenda", "--days", "1"]).lines.count == 5)
        #expect(try outline.run(["agenda", "--under", "Work", "--days", "1"]).lines.count == 2)

        let json = try outline.run(["agenda", "--days", "1", "--json"]).stdout
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["day"] as? String }.first == "overdue")
        let items = try #require(parsed.last?["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? Int } == [3, 6])
        #expect(items.map { $0["because"] as? String } == ["due", "due"])

        // Nothing to do prints nothing.
        let empty = OutlineProcess()
        try empty.createDatabase()
        let nothing = try empty.run(["agenda"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty)
        #expect(try outline.run(["agenda", "--days", "0"]).status == 64)
    }

    /// On the last days a date can be, the agenda's days stop at 9999-12-31: what falls before
    /// is shown as on any other day.
    @Test func theAgendaEndsWithTheLastDate() throws {
        try outline.createDatabase()
        try outline.run(["add", "Far", "--due", "9999-12-31"])
        try outline.run(["add", "Old", "--due", "2026-11-01"])
        try outline.run(["add", "Weekly", "--scheduled", "0001-01-01 09:00 +1w"])
        let agenda = try outline.run(["agenda", "--days", "5"], environment: ["OUTLINE_TODAY": "9999-12-30"])
        #expect(agenda.status == 0, "\(agenda)")
        #expect(agenda.lines.first == "Overdue" && agenda.lines[1].contains("/Old"), "\(agenda.lines)")
        #expect(agenda.lines.contains { $0.contains("/Far  (due)") }, "\(agenda.lines)")
        #expect(!agenda.stdout.contains("10000"), "\(agenda.lines)")
    }
}
