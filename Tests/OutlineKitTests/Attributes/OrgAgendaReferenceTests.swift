import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The days a `+` repeater puts an item on in the agenda, against org-mode itself: for each day
/// of a range, Emacs in batch asks `org-closest-date` (what org's agenda asks of a repeating
/// timestamp) for the first date on or after it, and the day is one of the item's when that
/// date is the day itself. Emacs starts once for all the cases.
@Suite("the agenda's days against org-mode")
struct OrgAgendaReferenceTests {
    /// One repeating date and the days of the range asked about.
    struct Case {
        var date: String
        var repeater: String
        var first: String
        var count: Int
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // Month ends, leap days and the days before them, by each unit and by steps of more
        // than one, from before the date and from well after it.
        for date in ["2026-01-31", "2026-03-31", "2026-08-31", "2026-02-28", "2028-02-29", "2024-02-29", "2026-01-30"] {
            for repeater in ["+1d", "+3d", "+1w", "+2w", "+1m", "+2m", "+3m", "+1y", "+4y"] {
                for first in [date, CalendarDay(iso: date[...])!.adding(days: 200).description] {
                    cases.append(Case(date: date, repeater: repeater, first: first, count: 400))
                }
            }
        }
        return cases
    }()

    /// Prints a line a case: the days of its range that are the item's, separated by spaces.
    static let script = """
        ;;; -*- lexical-binding: t -*-
        (require 'org)
        (defun outline-day (text)
          (let ((parts (mapcar #'string-to-number (split-string text "-"))))
            (calendar-absolute-from-gregorian (list (nth 1 parts) (nth 2 parts) (nth 0 parts)))))
        (defun outline-text (day)
          (let ((date (calendar-gregorian-from-absolute day)))
            (format "%04d-%02d-%02d" (nth 2 date) (nth 0 date) (nth 1 date))))
        (dolist (line (split-string (with-temp-buffer (insert-file-contents (pop command-line-args-left)) (buffer-string)) "\\n" t))
          (let* ((words (split-string line " "))
                 (stamp (format "<%s %s>" (nth 0 words) (nth 1 words)))
                 (first (outline-day (nth 2 words)))
                 (days '()))
            (dotimes (offset (string-to-number (nth 3 words)))
              (let ((day (+ first offset)))
                (when (= (org-closest-date stamp day 'future) day) (push (outline-text day) days))))
            (princ (format "%s\\n" (mapconcat #'identity (nreverse days) " ")))))
        """

    @Test func everyRepeatingDateFallsOnTheDaysOrgModeListsItOn() throws {
        guard let emacs = EmacsBatch.path else {
            Issue.record("emacs is not on PATH: run scripts/deps, which installs emacs-nox (org-mode is the reference)")
            return
        }
        let folder = TemporaryDirectory()
        let cases = Self.cases
        let input = cases.map { "\($0.date) \($0.repeater) \($0.first) \($0.count)\n" }.joined()
        try input.write(toFile: folder.file("cases"), atomically: true, encoding: .utf8)
        guard let run = try EmacsBatch.run(emacs, script: Self.script, arguments: [folder.file("cases")], in: folder)
        else {
            Issue.record("emacs ran for more than 60 seconds and was stopped")
            return
        }
        try #require(run.status == 0, "emacs failed: \(run.said.suffix(2000))")
        let lines = run.printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count, "emacs answered \(lines.count) of \(cases.count) cases")
        for (task, line) in zip(cases, lines) {
            let date = try #require(TaskDate(stored: task.date, repeater: task.repeater))
            let first = try #require(CalendarDay(iso: task.first[...]))
            let days = OutlineStore.occurrences(of: date, from: first, through: first.adding(days: task.count - 1))
            #expect(
                days.map(\.description).joined(separator: " ") == String(line),
                "\(task.date) \(task.repeater) from \(task.first), \(task.count) days")
        }
    }
}
