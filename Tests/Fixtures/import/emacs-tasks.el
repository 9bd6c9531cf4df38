;;; emacs-tasks.el --- writes Tests/Fixtures/import/emacs-tasks.org with org-mode's own commands -*- lexical-binding: t -*-
;; Run: TZ=Europe/Berlin emacs --batch -Q -l emacs-tasks.el FILE
;; Every headline, keyword, priority, tag, date, property and log entry is made by org's
;; commands, as a user's keystrokes would make them; only the text of the bodies is typed in.
(require 'org)
(setq org-log-done 'time
      org-log-into-drawer t
      org-log-repeat 'time
      org-tags-column -60
      org-adapt-indentation nil
      org-startup-folded nil)
(defun outline-add-repeater (repeater)
  "Types REPEATER into the entry's SCHEDULED timestamp, as a user edits it."
  (save-excursion
    (org-back-to-heading)
    (re-search-forward "SCHEDULED: <[^>]*")
    (insert " " repeater)))
(defun outline-todo (state)
  "Sets STATE, and stores the log entry that org writes after the command ends."
  (org-todo state)
  (run-hooks 'post-command-hook))
(let ((file (pop command-line-args-left)))
  (find-file file)
  (erase-buffer)
  (insert "#+TITLE: Emacs tasks\n#+STARTUP: overview\n"
          "#+TODO: TODO(t) NEXT(n) WAITING(w@/!) | DONE(d!) CANCELLED(c@)\n\n")
  (org-mode)
  (goto-char (point-max))
  ;; A task with a priority, tags, a timed and repeating schedule, a deadline and properties.
  (insert "* Plan the trip")
  (org-todo "NEXT")
  (org-priority ?A)
  (org-set-tags '("travel" "@home"))
  (org-schedule nil "2026-12-04 14:30")
  (outline-add-repeater "+1w")
  (org-deadline nil "2026-12-10")
  (org-set-property "ID" "trip-1")
  (org-set-property "Effort" "2:00")
  (goto-char (point-max))
  (insert "\nBook the train first.\n")
  ;; A child marked done: CLOSED, and the state change logged in a LOGBOOK drawer.
  (insert "** Book flights")
  (outline-todo "TODO")
  (outline-todo "DONE")
  (goto-char (point-max))
  (insert "\n** Pack")
  (org-set-tags '("home"))
  (goto-char (point-max))
  (insert "\n- passport\n- [X] charger\n")
  ;; A repeating task marked done: it stays TODO, its date moves, LAST_REPEAT is recorded.
  (insert "* Water the plants")
  (outline-todo "TODO")
  (org-schedule nil "2026-11-28")
  (outline-add-repeater ".+3d")
  (outline-todo "DONE")
  ;; A task waiting, with a source block and a table typed into its body.
  (goto-char (point-max))
  (insert "\n* Fix the build")
  (let ((org-inhibit-logging t)) (org-todo "WAITING"))
  (org-priority ?C)
  (goto-char (point-max))
  (insert "\n#+BEGIN_SRC sh\n  make clean\n  make -j2\n#+END_SRC\n| step | minutes |\n|-+-|\n| build | 4 |\n")
  (forward-line -2)
  (org-table-align)
  (goto-char (point-max))
  (insert "* Old idea")
  (let ((org-inhibit-logging t)) (org-todo "CANCELLED"))
  (goto-char (point-max))
  (insert "\n* Notes\nPlain text, no keyword.\n")
  (let ((coding-system-for-write 'utf-8)) (save-buffer)))
