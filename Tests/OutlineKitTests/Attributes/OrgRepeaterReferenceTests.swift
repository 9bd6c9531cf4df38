import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

extension AttributesTests {
    /// `TaskDate.next` against org-mode itself: Emacs in batch marks done one task for each case,
    /// with the clock pinned to the moment the case is done, and the dates org moves them to must
    /// be the dates `next` gives.
    ///
    /// Emacs starts once for all the cases, since its start-up costs more than all of them. The
    /// test fails, rather than passing unseen, where Emacs is missing: `scripts/deps` installs it.
    @Suite("Repeaters against org-mode")
    struct OrgRepeaterReferenceTests {
        /// A zone with changes of clocks, in which Emacs and the cases both read the moments.
        static let zoneName = "Europe/Berlin"

        /// One task: its date and the moment it is marked done.
        struct Case {
            var date: TaskDate
            var doneAt: Date
        }

        /// The moment the clocks of `zoneName` show `day` at `time` (`10:00`).
        static func moment(_ day: String, _ time: String) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = AttributesTests.zone(zoneName)
            let date = AttributesTests.day(day)
            let minute = try! TimeOfDay.read(Substring(time)).get()
            let parts = DateComponents(
                year: date.year, month: date.month, day: date.day, hour: minute / 60, minute: minute % 60)
            return calendar.date(from: parts)!
        }

        /// `text` (`2026-01-31 ++1m`) as a date.
        static func date(_ text: String) -> TaskDate {
            try! DateInput.read(text, today: AttributesTests.day("2026-01-01"))
        }

        static let cases: [Case] = {
            var cases: [Case] = []
            // Every kind and unit from month ends, leap days and the days before them: done on the
            // day itself, on a later day, and more than a year later (a `++` date more than ten
            // steps behind, org's limit before it asks). Org takes a step a tenth of a
            // millisecond: thousands of them would slow the test, hence not decades.
            let starts = ["2026-01-31", "2026-03-31", "2026-02-28", "2028-02-29", "2028-01-31", "2024-02-29"]
            for start in starts {
                let later = AttributesTests.day(start).adding(days: 45).description
                let muchLater = AttributesTests.day(start).adding(days: 400).description
                for kind in ["+", "++", ".+"] {
                    for unit in ["d", "w", "m", "y"] {
                        for done in [moment(start, "10:00"), moment(later, "10:00"), moment(muchLater, "10:00")] {
                            cases.append(Case(date: date("\(start) \(kind)1\(unit)"), doneAt: done))
                        }
                    }
                }
            }
            let more: [(String, Date)] = [
                // A date with a time, done before and after that time of day (and at it exactly).
                ("2026-06-10 11:00 ++1d", moment("2026-06-15", "10:00")),
                ("2026-06-10 11:00 ++1d", moment("2026-06-15", "11:00")),
                ("2026-06-10 11:00 ++1d", moment("2026-06-15", "12:00")),
                ("2026-06-15 11:00 ++1d", moment("2026-06-15", "10:00")),
                ("2026-06-15 11:00 ++1d", moment("2026-06-15", "12:00")),
                ("2026-06-10 11:00 ++1w", moment("2026-06-17", "10:59")),
                ("2026-06-10 11:00 ++1w", moment("2026-06-17", "11:01")),
                ("2026-05-31 11:00 ++1m", moment("2026-06-30", "10:00")),
                ("2026-05-31 11:00 ++1m", moment("2026-07-01", "12:00")),
                // `.+` done on a later day, the time of day kept.
                ("2026-06-10 23:30 .+1d", moment("2026-06-20", "08:00")),
                ("2026-01-31 07:00 .+1m", moment("2026-03-31", "20:00")),
                ("2026-01-31 08:15 +1m", moment("2026-06-15", "10:00")),
                // Counts above one.
                ("2026-01-31 ++2m", moment("2026-06-15", "10:00")),
                ("2026-03-31 .+3d", moment("2026-04-02", "10:00")),
                ("2026-01-31 +2w", moment("2026-06-15", "10:00")),
                ("2026-01-31 ++10d", moment("2026-06-15", "10:00")),
                ("2024-02-29 .+2y", moment("2026-02-28", "10:00")),
                ("2024-02-29 ++4y", moment("2031-07-15", "10:00")),
                ("2024-02-29 ++1y", moment("2031-07-15", "10:00")),
                ("2026-08-31 ++1m", moment("2026-09-15", "10:00")),
                // Far in the past: hundreds of steps.
                ("1999-12-31 ++1m", moment("2026-06-15", "10:00")),
                ("2016-02-29 ++1w", moment("2026-06-15", "10:00")),
                ("1996-02-29 ++1y", moment("2026-06-15", "10:00")),
                // Done just after local midnight on the nights the clocks change.
                ("2026-03-20 .+1d", moment("2026-03-29", "00:30")),
                ("2026-03-28 ++1d", moment("2026-03-29", "00:30")),
                ("2026-03-28 00:45 ++1d", moment("2026-03-29", "00:30")),
                ("2026-10-20 .+1w", moment("2026-10-25", "00:30")),
                ("2026-10-24 23:59 ++1d", moment("2026-10-25", "00:30")),
            ]
            cases += more.map { Case(date: date($0.0), doneAt: $0.1) }
            return cases
        }()

        /// An org file with one task a case, each titled with its number and the second it is
        /// done at, its date as SCHEDULED or DEADLINE (in turn: both repeat alike).
        static func orgFile(_ cases: [Case]) -> String {
            let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            var text = "# TaskDate.next against org-mode: one task a case.\n"
            for (index, task) in cases.enumerated() {
                let date = task.date
                let time = date.time.map { " " + $0 } ?? ""
                let stamp = "<\(date.day) \(weekdays[date.day.weekday - 1])\(time) \(date.repeater!)>"
                text += "* TODO \(index) \(Int(task.doneAt.timeIntervalSince1970))\n"
                text += "\(index % 2 == 0 ? "SCHEDULED" : "DEADLINE"): \(stamp)\n"
            }
            return text
        }

        /// Marks every task of the file done, each at the second its title gives, and prints a
        /// line for each: its number, its state and the new timestamp.
        ///
        /// The clock is pinned where org-mode reads it to repeat a date: `org-today` (for `.+`)
        /// and `org-time-less-p` given nil for now (for `++`). Were the primitives pinned instead
        /// (`current-time`, as org's own `org-test-at-time` does), a native-compiled Emacs would
        /// compile a trampoline for each one redefined: seconds, in the fresh home the test gives
        /// it. A path of org's that read the clock elsewhere would show, not hide: no case is done
        /// at the real present. A `++` date more than ten steps behind makes org ask whether to go
        /// on; the answer is yes.
        static let script = """
            ;;; -*- lexical-binding: t -*-
            (require 'org)
            (require 'cl-lib)
            (setq org-log-repeat nil org-log-done nil)
            (fset 'y-or-n-p (lambda (&rest _) t))
            (defun outline-call-at (at thunk)
              (cl-letf (((symbol-function 'org-today) (lambda () (time-to-days at)))
                        ((symbol-function 'org-time-less-p) (lambda (a b) (time-less-p (or a at) (or b at)))))
                (funcall thunk)))
            (find-file (pop command-line-args-left))
            (org-mode)
            (goto-char (point-min))
            (while (outline-next-heading)
              (let* ((title (split-string (org-get-heading t t t t)))
                     (at (string-to-number (cadr title))))
                (save-excursion (outline-call-at at (lambda () (org-todo 'done))))
                (princ (format "%s %s %s\\n" (car title) (org-get-todo-state)
                               (or (org-entry-get nil "SCHEDULED") (org-entry-get nil "DEADLINE"))))))
            """

        /// The date that org writes as `<2026-03-03 Tue 14:30 +1m>`, and the weekday it names.
        static func readOrgTimestamp(_ stamp: Substring) -> (date: TaskDate, weekday: String)? {
            guard stamp.hasPrefix("<"), stamp.hasSuffix(">") else { return nil }
            let words = stamp.dropFirst().dropLast().split(separator: " ")
            guard words.count == 3 || words.count == 4 else { return nil }
            let stored = words.count == 4 ? "\(words[0]) \(words[2])" : String(words[0])
            guard let date = TaskDate(stored: stored, repeater: String(words[words.count - 1])) else { return nil }
            return (date, String(words[1]))
        }

        @Test func everyRepeaterMovesAsOrgModeMovesIt() throws {
            guard let emacs = EmacsBatch.path else {
                Issue.record(
                    "emacs is not on PATH: run scripts/deps, which installs emacs-nox (org-mode is the reference)")
                return
            }
            let folder = TemporaryDirectory()
            let cases = Self.cases
            try Self.orgFile(cases).write(toFile: folder.file("tasks.org"), atomically: true, encoding: .utf8)
            guard
                let run = try EmacsBatch.run(
                    emacs, script: Self.script, arguments: [folder.file("tasks.org")], in: folder, zone: Self.zoneName)
            else {
                Issue.record("emacs ran for more than 60 seconds and was stopped")
                return
            }
            let (printed, said) = (run.printed, run.said)
            try #require(run.status == 0, "emacs failed: \(said.suffix(2000))")

            let lines = printed.split(separator: "\n")
            try #require(
                lines.count == cases.count,
                "emacs answered \(lines.count) of \(cases.count) cases: \(said.suffix(2000))")
            let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            for (index, line) in lines.enumerated() {
                let words = line.split(separator: " ", maxSplits: 2)
                let task = cases[index]
                let expected = task.date.next(doneAt: task.doneAt, in: AttributesTests.zone(Self.zoneName))
                let context = "\(task.date) done at \(task.doneAt) (\(Self.zoneName)): org says \(line)"
                guard words.count == 3, words[0] == "\(index)", let org = Self.readOrgTimestamp(words[2]) else {
                    Issue.record("cannot read emacs's line \(line.debugDescription)")
                    continue
                }
                #expect(words[1] == "TODO", "a repeating task stays open: \(context)")
                #expect(org.date == expected, "\(context), next says \(expected)")
                #expect(org.weekday == weekdays[org.date.day.weekday - 1], "the weekday of \(org.date)")
            }
        }
    }
}
