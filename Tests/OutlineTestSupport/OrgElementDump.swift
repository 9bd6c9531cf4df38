import Foundation
import Testing

/// org-mode as the reference reader of org files: Emacs in batch parses a document with
/// `org-element-parse-buffer` and says what it sees, for tests that compare it with what the
/// outline holds or with what org read in another document.
public enum OrgElementDump {
    /// Prints, as JSON into the file named by its second argument, what org-mode reads in the
    /// file named by its first. Source blocks keep their indentation as written
    /// (`org-src-preserve-indentation`), so that a block's value is its text exactly.
    public static let script = """
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

    /// What org-mode read in `document`: `keywords`, `done_keywords` and `headlines`, one
    /// object each, in the document's order.
    public static func read(_ document: String) throws -> [String: Any] {
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
}
