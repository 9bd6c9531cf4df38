import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// The org export read by org-mode itself: Emacs in batch parses the document with
/// `org-element-parse-buffer` and says, for every headline, what org sees (keyword, priority,
/// tags, raw title, planning timestamps, the drawer's properties, the body's elements), which
/// must be what the outline holds. Fails, rather than passing unseen, where Emacs is missing.
@Suite("org export against org-mode")
struct OrgEmacsReferenceTests {
    /// Prints, as JSON into the file named by its second argument, what org-mode reads in the
    /// file named by its first. Source blocks keep their indentation as written
    /// (`org-src-preserve-indentation`), so that a block's value is its text exactly.
    static let script = """
        ;;; -*- lexical-binding: t -*-
        (require 'org)
        (require 'org-element)
        (require 'json)
        (require 'seq)
        (setq org-src-preserve-indentation t)
        (defun outline-ts (ts)
          (when ts
            `((year . ,(org-element-property :year-start ts))
              (month . ,(org-element-property :month-start ts))
              (day . ,(org-element-property :day-start ts))
              (hour . ,(org-element-property :hour-start ts))
              (minute . ,(org-element-property :minute-start ts))
              (repeater . ,(let ((type (org-element-property :repeater-type ts)))
                             (when type
                               (format "%s%s%s"
                                       (pcase type ('cumulate "+") ('catch-up "++") ('restart ".+"))
                                       (org-element-property :repeater-value ts)
                                       (pcase (org-element-property :repeater-unit ts)
                                         ('hour "h") ('day "d") ('week "w") ('month "m") ('year "y"))))))
              (type . ,(if (memq (org-element-property :type ts) '(active active-range)) "active" "inactive")))))
        (let* ((file (nth 0 command-line-args-left))
               (out (nth 1 command-line-args-left))
               (headlines nil) (keywords nil) (done-keywords nil))
          (with-temp-buffer
            (let ((coding-system-for-read 'utf-8)) (insert-file-contents file))
            (org-mode)
            (setq keywords org-todo-keywords-1 done-keywords org-done-keywords)
            (org-element-map (org-element-parse-buffer) 'headline
              (lambda (h)
                (let* ((first (car (org-element-contents h)))
                       (section (and (eq (org-element-type first) 'section) first))
                       (body (seq-remove (lambda (e) (memq (org-element-type e) '(planning property-drawer)))
                                         (and section (org-element-contents section)))))
                  (push `((level . ,(org-element-property :level h))
                          (todo . ,(org-element-property :todo-keyword h))
                          (done . ,(if (eq (org-element-property :todo-type h) 'done) t :json-false))
                          (priority . ,(let ((p (org-element-property :priority h))) (and p (char-to-string p))))
                          (title . ,(org-element-property :raw-value h))
                          (commented . ,(if (org-element-property :commentedp h) t :json-false))
                          (tags . ,(vconcat (mapcar #'substring-no-properties (org-element-property :tags h))))
                          (scheduled . ,(outline-ts (org-element-property :scheduled h)))
                          (deadline . ,(outline-ts (org-element-property :deadline h)))
                          (closed . ,(outline-ts (org-element-property :closed h)))
                          (properties . ,(save-excursion
                                           (goto-char (org-element-property :begin h))
                                           (or (org-entry-properties nil 'standard) :json-empty)))
                          (body . ,(vconcat
                                    (mapcar (lambda (e)
                                              `((type . ,(symbol-name (org-element-type e)))
                                                (value . ,(org-element-property :value e))
                                                (drawer . ,(org-element-property :drawer-name e))))
                                            body))))
                        headlines)))))
          (let ((coding-system-for-write 'utf-8))
            (with-temp-file out
              (insert (json-encode `((keywords . ,(vconcat keywords))
                                     (done_keywords . ,(vconcat done-keywords))
                                     (headlines . ,(vconcat (nreverse headlines)))))))))
        """

    /// What org-mode read in `document`.
    static func orgRead(_ document: String) throws -> [String: Any] {
        let emacs = try #require(EmacsBatch.path, "no emacs on PATH: scripts/deps installs emacs-nox")
        let folder = TemporaryDirectory()
        try document.write(toFile: folder.file("doc.org"), atomically: true, encoding: .utf8)
        let run = try #require(
            try EmacsBatch.run(
                emacs, script: script, arguments: [folder.file("doc.org"), folder.file("read.json")], in: folder))
        try #require(run.status == 0, "emacs said: \(run.said)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("read.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A timestamp as the script writes it, for `date`.
    static func stamp(_ date: TaskDate?, active: Bool = true) -> [String: String] {
        guard let date else { return [:] }
        return [
            "year": "\(date.day.year)", "month": "\(date.day.month)", "day": "\(date.day.day)",
            "hour": date.minuteOfDay.map { "\($0 / 60)" } ?? "null",
            "minute": date.minuteOfDay.map { "\($0 % 60)" } ?? "null", "repeater": date.repeater?.description ?? "null",
            "type": active ? "active" : "inactive",
        ]
    }

    /// The script's timestamp object as text values, for comparing with `stamp`.
    static func stamp(_ object: Any?) -> [String: String] {
        guard let object = object as? [String: Any] else { return [:] }
        return object.mapValues { value in
            value is NSNull ? "null" : "\(value)"
        }
    }

    /// The done time as org's `CLOSED` holds it: the day and minute in the document's zone.
    static func closed(_ moment: Date?) -> TaskDate? {
        guard let moment else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = OrgRichOutline.zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        return TaskDate(
            day: CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!,
            minuteOfDay: parts.hour! * 60 + parts.minute!)
    }

    /// Checks that org read `store`'s export as the outline holds it, headline by item.
    static func expectOrgReadsTheOutline(_ store: OutlineStore) throws -> [[String: Any]] {
        let read = try orgRead(try OrgRichOutline.export(store))
        let workflow = try store.workflow()
        #expect(read["keywords"] as? [String] == workflow.keywords)
        #expect(read["done_keywords"] as? [String] == workflow.done)
        let headlines = try #require(read["headlines"] as? [[String: Any]])
        var entries: [TreeEntry] = []
        try store.walk(readingAttributes: true) { entries.append($0) }
        try #require(headlines.count == entries.count, "org read \(headlines.count) headlines")
        for (headline, entry) in zip(headlines, entries) {
            let item = entry.item
            let attributes = entry.attributes ?? ItemAttributes()
            let name = item.title
            #expect(headline["level"] as? Int == entry.depth, "\(name)")
            #expect(headline["todo"] as? String == attributes.state, "\(name)")
            #expect(headline["done"] as? Bool == item.isDone, "\(name)")
            #expect(headline["priority"] as? String == attributes.priority?.rawValue, "\(name)")
            #expect(headline["tags"] as? [String] == attributes.tags, "\(name)")
            #expect(headline["commented"] as? Bool == false, "\(name)")
            // The title is org's text, but for the zero-width spaces that protect its ends.
            let title = try #require(headline["title"] as? String)
            let zwsp = "\u{200B}"
            #expect([name, zwsp + name, name + zwsp, zwsp + name + zwsp].contains(title), "\(title.debugDescription)")
            #expect(stamp(headline["scheduled"]) == stamp(attributes.scheduled), "\(name)")
            #expect(stamp(headline["deadline"]) == stamp(attributes.due), "\(name)")
            #expect(stamp(headline["closed"]) == stamp(closed(item.doneAt), active: false), "\(name)")
            var expected: [String: String] = [:]
            for property in attributes.properties { expected[property.key.uppercased()] = property.value }
            if let lastDone = closed(attributes.lastDone) {
                expected["LAST_REPEAT"] =
                    "[\(lastDone.day) \(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][lastDone.day.weekday - 1]) \(lastDone.time!)]"
            }
            var properties = headline["properties"] as? [String: String] ?? [:]
            properties["CATEGORY"] = nil  // org's own, from the file's name
            #expect(properties == expected, "\(name)")
        }
        return headlines
    }

    @Test func orgModeReadsTheRichOutlineAsItIs() throws {
        let fixture = try StoreFixture()
        try OrgRichOutline.make(fixture.store)
        let headlines = try Self.expectOrgReadsTheOutline(fixture.store)
        func body(_ title: String) -> [[String: Any]] {
            headlines.first { ($0["title"] as? String)?.contains(title) == true }?["body"] as? [[String: Any]] ?? []
        }
        // The source block is one, its text exactly the note's; the table is one.
        let trip = body("Plan the trip")
        #expect(trip.map { $0["type"] as? String } == ["paragraph", "src-block", "table"])
        let block = OrgRichOutline.codeNote.components(separatedBy: "#+BEGIN_SRC python\n")[1]
            .components(separatedBy: "#+END_SRC")[0]
        #expect(trip.count == 3 && trip[1]["value"] as? String == block)
        // The lines that would reach beyond the note are text; the list and drawer stay.
        #expect(
            body("Notes").map { $0["type"] as? String } == ["paragraph", "plain-list", "drawer", "paragraph"])
        #expect(body("Notes").count == 4 && body("Notes")[2]["drawer"] as? String == "LOGBOOK")
        #expect(body("COMMENT not a comment").map { $0["type"] as? String } == ["paragraph"])
    }

    @Test(arguments: [1, 2] as [UInt64])
    func orgModeReadsRandomOutlinesAsTheyAre(seed: UInt64) throws {
        let fixture = try StoreFixture()
        try AttributedOutline.make(fixture.store, seed: seed, count: 40)
        _ = try Self.expectOrgReadsTheOutline(fixture.store)
    }
}
