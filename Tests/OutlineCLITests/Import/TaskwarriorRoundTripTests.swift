import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// The taskwarrior format against the real taskwarrior (`task` 2.6, with its data in a folder of
/// its own): tasks made there read as meant, what `export --format taskwarrior` writes is what
/// `task import` takes and gives back, and a taskwarrior export survives a trip through an
/// outline (SPEC, "Formats": taskwarrior).
@Suite("taskwarrior, against the real task", .enabled(if: Taskwarrior.path != nil, "no task on PATH: run scripts/deps"))
struct TaskwarriorRoundTripTests {
    static let zone = ["TZ": "Europe/Paris"]
    /// The fields taskwarrior adds or keeps for itself, which an outline keeps as properties.
    static let bookkeeping: Set<String> = ["uuid", "entry", "modified", "parent", "imask", "rtype", "mask"]

    /// The outline, one line an item: depth, title, state, done time to the minute, dates,
    /// priority, tags, properties (but `leaving` ones), note.
    static func items(_ outline: OutlineProcess, leaving: Set<String> = []) throws -> [String] {
        let json = try outline.run(["ls", "--json"], environment: zone).stdout
        var lines: [String] = []
        func date(_ value: Any?) -> String {
            guard let value = value as? [String: Any] else { return "-" }
            return [value["date"], value["time"], value["repeat"]].compactMap { $0 as? String }.joined(separator: " ")
        }
        func visit(_ items: [[String: Any]], _ depth: Int) {
            for item in items {
                let properties = (item["properties"] as? [String: String] ?? [:]).filter { !leaving.contains($0.key) }
                let fields: [String] = [
                    String(repeating: "  ", count: depth) + (item["title"] as! String),
                    item["state"] as? String ?? "-", (item["done_at"] as? String).map { String($0.prefix(16)) } ?? "-",
                    "due " + date(item["due"]), "scheduled " + date(item["scheduled"]),
                    item["priority"] as? String ?? "-", (item["tags"] as? [String] ?? []).joined(separator: ","),
                    properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
                    (item["note"] as? String).map { "{\($0)}" } ?? "",
                ]
                lines.append(fields.joined(separator: " | "))
                visit(item["children"] as? [[String: Any]] ?? [], depth + 1)
            }
        }
        visit(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? [], 0)
        return lines
    }

    /// Imports `document` (a file named `name`) into `outline`, and returns what it said.
    static func importDocument(_ document: String, into outline: OutlineProcess, name: String = "tasks.json") throws
        -> String
    {
        let path = outline.directory + "/" + name
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let result = try outline.run(["import", path], environment: zone)
        #expect(result.status == 0, "\(result)")
        return result.stderr
    }

    /// Round trip 1: tasks made with `task add`, annotated, done and deleted, exported by
    /// taskwarrior and imported, give the tree and attributes taskwarrior meant.
    @Test func tasksMadeInTaskwarriorReadAsMeant() throws {
        let task = try Taskwarrior()
        try task.run(["add", "Plant tulips", "project:Home.Garden", "due:2026-12-01", "priority:H", "+garden"])
        try task.run(["add", "Water the plants", "project:Home.Garden", "due:2026-12-02T18:30", "recur:weekly"])
        try task.run(["add", "Pay rent", "project:Home", "scheduled:2026-12-03T09:00"])
        try task.run(["add", "Old idea"])
        try task.run(["1", "annotate", "bulbs are in the shed"])
        try task.run(["3", "done"])
        try task.run(["4", "delete"])
        let tasks = try task.tasks()
        let annotated = try #require(tasks.first { $0["description"] as? String == "Plant tulips" })
        let annotation = try #require((annotated["annotations"] as? [[String: String]])?.first?["entry"])
        let moment = try #require(TaskwarriorTimeText.local(annotation, zone: "Europe/Paris"))
        let done = try #require(tasks.first { $0["description"] as? String == "Pay rent" }?["end"] as? String)

        let outline = OutlineProcess()
        let said = try Self.importDocument(try task.run(["export"]), into: outline)
        #expect(
            said
                == "imported 5 items from tasks.json; left out 1 deleted task; kept 1 recurring task template as repeaters\n"
        )
        #expect(
            try Self.items(outline, leaving: Self.bookkeeping) == [
                "Home | - | - | due - | scheduled - | - |  |  | ",
                "  Garden | - | - | due - | scheduled - | - |  |  | ",
                "    Plant tulips | TODO | - | due 2026-12-01 | scheduled - | A | garden |  | {\(moment) bulbs are in the shed}",
                "    Water the plants | TODO | - | due 2026-12-02 18:30 +1w | scheduled - | - |  |  | ",
                "  Pay rent | DONE | \(TaskwarriorTimeText.iso(done)) | due - | scheduled 2026-12-03 09:00 | - |  |  | ",
            ])
    }

    /// Round trip 2: an outline's export, imported by taskwarrior and exported again, imported
    /// into an empty outline gives the same items and attributes (times to the minute), but for
    /// the fields taskwarrior keeps for itself.
    @Test func anOutlinesTasksComeBackThroughTaskwarrior() throws {
        let outline = OutlineProcess()
        for arguments in [
            ["add", "Home"], ["add", "Garden", "--under", "/Home"],
            [
                "add", "Plant tulips", "--under", "/Home/Garden", "--state", "TODO", "--due", "2026-12-01",
                "--priority", "A",
                "--tag", "garden", "--tag", "outdoor", "--property", "Effort=2h",
            ],
            ["add", "Water the plants", "--under", "/Home/Garden", "--due", "2026-12-02 18:30 +1w"],
            ["add", "Buy bulbs", "--under", "/Home/Garden/Plant tulips", "--scheduled", "2026-11-30 09:15 +1m"],
            ["add", "Pay rent", "--under", "/Home", "--priority", "C"], ["done", "/Home/Pay rent"],
            ["add", "Call mum"],
        ] {
            let result = try outline.run(arguments, environment: Self.zone)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        try outline.run(["note", "/Home/Garden/Plant tulips", "2026-11-20 10:00 bulbs are in the shed\nsecond line"])
        let exported = try outline.run(["export", "--format", "taskwarrior"], environment: Self.zone).stdout
        let task = try Taskwarrior()
        try task.importDocument(exported)
        let copy = OutlineProcess()
        let said = try Self.importDocument(try task.run(["export"]), into: copy)
        #expect(
            said.hasPrefix("imported 7 items from tasks.json; kept 1 recurring task template as repeaters"), "\(said)")
        // taskwarrior made the item that repeats by its due date a template with a new instance;
        // the rest kept the uuids the export gave them.
        var expected = try Self.items(outline, leaving: Self.bookkeeping)
        // A plain item without children is a pending task, and comes back as one.
        for title in ["Call mum", "Water the plants", "Buy bulbs"] {
            expected = expected.map { $0.replacingOccurrences(of: "\(title) | - |", with: "\(title) | TODO |") }
        }
        #expect(try Self.items(copy, leaving: Self.bookkeeping) == expected)
    }

    /// Round trip 3: a taskwarrior export imported, exported and imported again by `task
    /// import` (into a new taskwarrior) gives back the same tasks: every field but those
    /// taskwarrior computes (`id`, `urgency`), the deleted task, which the outline leaves out,
    /// and annotation times to the minute. A recurring instance comes back as the instance of
    /// its own template, made again from it: the same template but for when it was made.
    @Test func aTaskwarriorExportSurvivesATripThroughAnOutline() throws {
        let fixture = try String(contentsOfFile: OutlineProcess.fixtureFile("import/taskwarrior.json"), encoding: .utf8)
        let outline = OutlineProcess()
        _ = try Self.importDocument(fixture, into: outline)
        let exported = try outline.run(["export", "--format", "taskwarrior"], environment: Self.zone)
        #expect(exported.status == 0, "\(exported)")
        let task = try Taskwarrior()
        try task.importDocument(exported.stdout)
        func comparable(_ tasks: [[String: Any]]) -> [String] {
            tasks.filter { $0["status"] as? String != "deleted" }.map { task in
                var task = task
                task["id"] = nil
                task["urgency"] = nil
                if let imask = task["imask"] as? Double { task["imask"] = Int(imask) }
                if task["status"] as? String == "recurring" {
                    for key in ["entry", "modified"] { task[key] = nil }
                }
                if let annotations = task["annotations"] as? [[String: String]] {
                    task["annotations"] = annotations.map {
                        ["entry": String($0["entry"]!.prefix(13)), "description": $0["description"]!]
                    }
                }
                let data = try! JSONSerialization.data(withJSONObject: task, options: [.sortedKeys])
                return String(decoding: data, as: UTF8.self)
            }.sorted()
        }
        let original = try JSONSerialization.jsonObject(with: Data(fixture.utf8)) as! [[String: Any]]
        #expect(comparable(try task.tasks()) == comparable(original))
        #expect(!(try task.run(["diag"])).contains("nonexistent recurrence template"))
        // And the outline's export, imported again, gives the same bytes.
        let again = OutlineProcess()
        _ = try Self.importDocument(exported.stdout, into: again)
        #expect(try again.run(["export", "--format", "taskwarrior"], environment: Self.zone).stdout == exported.stdout)
    }

    /// A recurring task goes to a new taskwarrior as its template and instance, and the template
    /// makes the instances to come.
    @Test func aRecurringTaskKeepsRepeatingInANewTaskwarrior() throws {
        let source = try Taskwarrior()
        // Due in the future, so that taskwarrior makes one instance.
        try source.run(["add", "Water the plants", "due:2030-01-07", "recur:weekly"])
        let outline = OutlineProcess()
        _ = try Self.importDocument(try source.run(["export"]), into: outline)
        let exported = try outline.run(["export", "--format", "taskwarrior"], environment: Self.zone)
        #expect(exported.status == 0, "\(exported)")
        let sourceTemplate = try #require(try source.tasks().first { $0["status"] as? String == "recurring" })
        let task = try Taskwarrior()
        try task.importDocument(exported.stdout)
        try task.run(["rc.recurrence.limit=3", "list"])
        #expect(!(try task.run(["diag"])).contains("nonexistent recurrence template"))
        let tasks = try task.tasks()
        let templates = tasks.filter { $0["status"] as? String == "recurring" }
        #expect(templates.map { $0["uuid"] as? String } == [sourceTemplate["uuid"] as? String])
        let dues = tasks.filter { $0["status"] as? String == "pending" }.compactMap { $0["due"] as? String }.sorted()
        #expect(dues.map { String($0.prefix(8)) } == ["20300106", "20300113", "20300120"], "\(dues)")
    }
}

extension TaskwarriorRoundTripTests {
    /// The taskwarrior a task that repeats came from takes the outline's export back as it was:
    /// its template updated, not a second one beside it, and no pending instance twice; a new
    /// taskwarrior takes it as the same templates and instances.
    @Test func repeatingTasksGoBackToTheirTaskwarriorWithOneTemplateEach() throws {
        let source = try Taskwarrior()
        // Started two weeks ago, so that taskwarrior has made an instance a week until now.
        let days = DateFormatter()
        days.dateFormat = "yyyy-MM-dd"
        days.timeZone = TimeZone(identifier: "Europe/Paris")
        let start = days.string(from: Date().addingTimeInterval(-15 * 86_400))
        try source.run(["add", "Water the plants", "project:Home.Garden", "due:\(start)T18:30", "recur:weekly"])
        try source.run(["add", "Plant tulips", "project:Home.Garden", "due:2026-12-01"])
        try source.run(["add", "Pay rent", "due:2030-01-07", "recur:monthly"])
        try source.run(["list"])
        func summary(_ task: Taskwarrior) throws -> (templates: [String], pending: [String]) {
            try task.run(["list"])
            let tasks = try task.tasks()
            return (
                tasks.filter { $0["status"] as? String == "recurring" }.map { $0["uuid"] as! String }.sorted(),
                tasks.filter { $0["status"] as? String == "pending" }.map {
                    "\($0["description"] as! String) \($0["due"] as! String)"
                }.sorted()
            )
        }
        let before = try summary(source)
        #expect(before.templates.count == 2)
        #expect(before.pending.filter { $0.hasPrefix("Water") }.count >= 3, "\(before.pending)")
        let outline = OutlineProcess()
        _ = try Self.importDocument(try source.run(["export"]), into: outline)
        let exported = try outline.run(["export", "--format", "taskwarrior"], environment: Self.zone)
        #expect(exported.status == 0, "\(exported)")
        let fresh = try Taskwarrior()
        for task in [source, fresh] {
            try task.importDocument(exported.stdout)
            let after = try summary(task)
            #expect(after.templates == before.templates)
            #expect(after.pending == before.pending)
            #expect(!(try task.run(["diag"])).contains("nonexistent recurrence template"))
        }
        // The outline's export, imported again, gives the same bytes.
        let again = OutlineProcess()
        _ = try Self.importDocument(exported.stdout, into: again)
        #expect(try again.run(["export", "--format", "taskwarrior"], environment: Self.zone).stdout == exported.stdout)
    }
}

/// taskwarrior's moments as the outline shows them, for expectations.
enum TaskwarriorTimeText {
    /// `20261127T104207Z` as `2026-11-27 11:42` in `zone`.
    static func local(_ moment: String, zone: String) -> String? {
        let parser = DateFormatter()
        parser.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        parser.timeZone = TimeZone(identifier: "UTC")
        guard let date = parser.date(from: moment) else { return nil }
        let printer = DateFormatter()
        printer.dateFormat = "yyyy-MM-dd HH:mm"
        printer.timeZone = TimeZone(identifier: zone)
        return printer.string(from: date)
    }

    /// `20261127T104207Z` as `2026-11-27T10:42`, the minute of `ls --json`'s moment.
    static func iso(_ moment: String) -> String {
        let digits = Array(moment)
        return String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8]) + "T"
            + String(digits[9..<11]) + ":" + String(digits[11..<13])
    }
}
