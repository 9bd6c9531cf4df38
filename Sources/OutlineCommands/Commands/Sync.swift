import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration.outlineCommand(
            "sync", abstract: "Sync the outline with other machines through a git remote.",
            discussion: """
                Every machine keeps its own outline file and syncs it with one git remote: any \
                URL or path git can push to (a bare repository on a server, a USB disk, a \
                hosted repository). A round brings the changes the other machines have sent, \
                applies them, and sends this machine's changes since the last round. Changes \
                made on two machines at once are merged: changes to different values of one \
                item all stand, notes merge line by line, tags merge as sets; of two changes \
                to one value, the one synced later is shown and the other is set aside, on \
                every machine, until you take or dismiss it ('outline conflicts'); an item \
                moved into one that was removed elsewhere goes to that item's parent, and the \
                round says so. Integer ids stay per machine; 'show --json' gives the \
                global id as "uid".

                Examples:
                  outline sync init ~/outline.git     # first machine: sends
                  outline sync init me@host:o.git     # a new machine: adopts
                  outline sync                        # one round
                  outline sync status
                  outline sync compact                # new machines start here
                  outline sync remote /mnt/o.git      # the remote moved
                  outline sync republish              # the remote lost its log
                """,
            subcommands: [Round.self, Start.self, Status.self, Compact.self, MoveRemote.self, Republish.self],
            defaultSubcommand: Round.self)
    }
}

extension Outline.Sync {
    /// `outline sync`: one round.
    struct Round: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run one round of sync (the default): bring the others' changes, send this machine's.",
            discussion: """
                With --json, prints the change report of what the round changed here (one \
                line, in the form 'watch --json' uses), or nothing when it changed nothing; \
                it also holds "rescued", [{"count", "to"}] for items moved up because their \
                parent was removed elsewhere, and "skipped", the moves not made, in words, when \
                there are any. What the round says beside its summary (conflicts, items moved \
                up, moves skipped) goes to standard error then.

                Examples:
                  outline sync
                  outline sync --json | jq -c '.changes[]'
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            try printRound { try $0.sync(reportingChanges: global.json) }
        }
    }

    /// `outline sync init REMOTE`.
    struct Start: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Tie the outline to a git remote and run the first round.",
            discussion: """
                REMOTE is anything git can push to: a URL (ssh://, https://, user@host:path) or \
                the path of a bare repository (make one with 'git init --bare PATH'). If the \
                remote is empty, this outline is sent to it; if this outline is empty, the \
                remote's is adopted. When both hold items, nothing is changed: join an empty \
                outline (a new --db) to the remote instead. A repository that holds anything \
                but an outline's log (a branch or a commit outline did not write) is refused as \
                not an outline remote and left alone. A start that is refused, fails or is cut \
                short leaves no new database behind: a new one appears only when the first round \
                has ended well.

                Examples:
                  git init --bare ~/outline.git && outline sync init ~/outline.git
                  outline --db ~/laptop.db sync init me@server:outline.git
                """)

        @Argument(help: "The git remote: a URL or the path of a bare repository.")
        var remote: String

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let absolute = try SyncOutput.checkedRemote(remote)
            let transport = try SyncTransportEnvironment.settings()
            let location = try global.resolveLocation()
            if !location.unexpandedHome {
                // A new file is built aside and put in place only when the round has ended well.
                let path = location.path
                if let summary = try OutlineStore.startSyncingNewFile(
                    at: path, with: absolute, levelsOfUndo: location.levelsOfUndo, transport: transport,
                    reportingChanges: global.json, whenWaiting: { LockWaitNotice.say(path: path) })
                {
                    return try SyncOutput.print(summary, json: global.json)
                }
            }
            try printRound(transport: transport) { try $0.startSyncing(with: absolute, reportingChanges: global.json) }
        }
    }

    /// `outline sync status`.
    struct Status: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Say which remote the outline syncs with and what is waiting to be sent.",
            discussion: """
                Reads only this machine's file: it does not ask the remote.

                With --json, prints {"remote", "replica", "last_commit", "last_round", \
                "pending", "unsent_steps", "last_round_unfinished", "round_running", \
                "conflicts"}, and "parted_after" when 'sync remote' moved to a copy of the log that lacks this \
                machine's last rounds (the next round sends them again).

                Examples:
                  outline sync status
                  outline sync status --json | jq .pending
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let status = try store.syncStatus()
            let conflicts = try store.conflicts()
            if global.json {
                JSONWriter.printObject { json in
                    json.field("remote", status.remote)
                    json.field("replica", status.replica)
                    json.field("last_commit", status.lastCommit)
                    json.field("last_round", status.lastRound.map(Moment.utc))
                    json.field("pending", status.pendingOperations)
                    json.key("unsent_steps")
                    json.openArray()
                    for step in status.unsentSteps { json.value(step) }
                    json.closeArray()
                    json.field("last_round_unfinished", status.lastRoundUnfinished)
                    json.field("round_running", status.roundRunning)
                    if let parted = status.partedAt { json.field("parted_after", parted) }
                    json.field("conflicts", conflicts.count)
                }
            } else {
                let pending = status.pendingOperations
                StandardOutput.shared.writeLine("remote: \(TitleSanitizer.forTerminal(status.remote))")
                StandardOutput.shared.writeLine(
                    "last synced: "
                        + (status.lastCommit.map { "commit " + String($0.prefix(12)) } ?? "never")
                        + (status.lastRound.map { ", " + Moment.local($0) } ?? ""))
                if status.roundRunning {
                    StandardOutput.shared.writeLine(
                        "a round runs now" + (status.runningProcess.map { " (process \($0))" } ?? "")
                            + ": what it sends may still be counted below")
                } else if status.lastRoundUnfinished {
                    StandardOutput.shared.writeLine(
                        "the last round was cut short, and what it sent may be counted below; 'outline sync' finishes it"
                    )
                }
                if let parted = status.partedAt {
                    StandardOutput.shared.writeLine(
                        "the remote's log lacks this machine's rounds after commit \(parted.prefix(12)): the next round "
                            + "sends again what this machine holds beyond it")
                }
                StandardOutput.shared.writeLine(
                    pending == 0
                        ? "nothing to send" : "\(pending) change\(pending == 1 ? "" : "s") to send; run 'outline sync'")
                for step in status.unsentSteps {
                    StandardOutput.shared.writeLine("  " + TitleSanitizer.forTerminal(step))
                }
                if !conflicts.isEmpty {
                    StandardOutput.shared.writeLine(
                        "\(conflicts.count) open conflict\(conflicts.count == 1 ? "" : "s"):")
                    ConflictOutput.printList(conflicts, json: false)
                }
            }
        }
    }
}

extension Outline.Sync {
    /// `outline sync compact`.
    struct Compact: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "compact",
            abstract: "Run a round, then write a snapshot that new machines start from.",
            discussion: """
                A machine that joins with 'sync init' reads the log from the last snapshot on, \
                rather than every change ever made. The remote keeps the history before it (git \
                never forgets a pushed commit); machines that already sync are not affected.

                With --json, prints what 'sync --json' prints: the change report of what the \
                round changed here, or nothing; 'sync status --json' then gives the log's last \
                commit.

                Examples:
                  outline sync compact
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStoreToSync()
            let (round, items, wrote) = try store.compactSyncLog(reportingChanges: global.json)
            try SyncOutput.print(round, json: global.json)
            if !global.json {
                let count = "\(items) item\(items == 1 ? "" : "s")"
                StandardOutput.shared.writeLine(
                    wrote ? "wrote a snapshot of \(count)" : "the log already ends with a snapshot of \(count)")
            }
        }
    }
}

extension Outline.Sync {
    /// `outline sync remote NEW`.
    struct MoveRemote: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "remote",
            abstract: "Point the outline at the new URL or path of its remote, after the remote moved.",
            discussion: """
                For the same repository at a new place: a disk mounted elsewhere, a new server \
                that was given a copy. The new remote is fetched first and refused, with \
                nothing changed, unless it holds this outline's log (for another outline's \
                repository, join a new outline to it with 'sync init'). One that cannot be \
                reached now is taken, with a note; the next round checks it. One whose log \
                lacks this machine's last rounds (the others moved to a copy while this \
                machine went on syncing with the old one) is taken, with a note: the next \
                round sends what this machine holds beyond the commit the two logs share, \
                as its own changes, so nothing is lost.

                With --json, prints {"remote": ...}, the remote as it was stored, and \
                "parted_after", the commit the two logs share, when they part.

                Examples:
                  outline sync remote /media/usb/outline.git && outline sync
                """)

        @Argument(help: "The remote's new URL or path.")
        var remote: String

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let absolute = try SyncOutput.checkedRemote(remote)
            // It asks the new remote what it holds: with the round's timeout.
            let store = try global.openStoreToSync()
            let move = try store.moveSyncRemote(to: absolute)
            switch move {
            case .unchecked(let reason):
                StandardError.writeLine(
                    "note: cannot reach '\(TitleSanitizer.forTerminal(absolute))' now (\(reason)), so what it holds "
                        + "was not checked; the next round checks it")
            case .parted(let fork):
                StandardError.writeLine(
                    "note: '\(TitleSanitizer.forTerminal(absolute))' lacks this machine's last rounds (its log parts "
                        + "from the one synced here after commit \(fork.prefix(12))): the next round sends again what "
                        + "this machine holds beyond it")
            case .checked: break
            }
            if global.json {
                JSONWriter.printObject { object in
                    object.field("remote", absolute)
                    if case .parted(let fork) = move { object.field("parted_after", fork) }
                }
            } else {
                StandardOutput.shared.writeLine("the outline now syncs with '\(TitleSanitizer.forTerminal(absolute))'")
            }
        }
    }
}

extension TakesGlobalOptions {
    /// `sync`, and `sync init` of a file that exists: runs `round` on the outline opened to sync
    /// (with `transport`, when the command read it already), and prints what the round did.
    func printRound(transport: SyncTransportSettings? = nil, _ round: (OutlineStore) throws -> SyncSummary) throws {
        try SyncOutput.print(try round(try global.openStoreToSync(transport: transport)), json: global.json)
    }
}

/// What `sync` and `sync init` print.
enum SyncOutput {
    static func print(_ summary: SyncSummary, json: Bool) throws {
        let output = StandardOutput.shared
        if summary.step != nil { output.reportsASavedChange = true }
        if json {
            if let step = summary.step {
                var writer = JSONWriter()
                ChangeOutput.writeReport(
                    &writer, step: step, key: StepEvent.done.reportKey,
                    name: Action.sync(added: summary.added, removed: summary.removed, changed: summary.changed).name,
                    changes: summary.changes
                ) { json in
                    // What the round did not make as it was asked, beside the changes it made.
                    if !summary.rescued.isEmpty {
                        json.key("rescued")
                        json.openArray()
                        for rescue in summary.rescued {
                            json.openObject()
                            json.field("count", rescue.count)
                            json.field("to", rescue.to.description)
                            json.closeObject()
                        }
                        json.closeArray()
                    }
                    if !summary.skipped.isEmpty {
                        json.key("skipped")
                        json.openArray()
                        for skipped in summary.skipped { json.value(skipped) }
                        json.closeArray()
                    }
                }
                output.writeLine(writer.text)
            }
            // Standard output holds the change report alone; a move, a skipped move, items moved
            // up and a conflict are still said.
            if let moved = movedLine(summary) { StandardError.writeLine(moved) }
            for line in notes(summary) { StandardError.writeLine(line) }
        } else if summary.notSent == nil || summary.brought > 0 {
            if let moved = movedLine(summary) { output.writeLine(moved) }
            output.writeLine(TitleSanitizer.forTerminal(line(summary)))
            for line in notes(summary) { output.writeLine(line) }
        }
        if let failure = summary.notSent {
            if case .pushRefused = failure {
                throw CommandFailure(message: failure.commandLineMessage + "; they are kept for the next sync")
            }
            throw CommandFailure(message: failure.commandLineMessage)
        }
    }

    /// The lines a round says after its summary: the moves it skipped, the items it moved up,
    /// and the conflicts it brought.
    private static func notes(_ summary: SyncSummary) -> [String] {
        summary.skipped.map { TitleSanitizer.forTerminal("skipped \($0)") }
            + summary.rescued.map { rescue in
                let items = rescue.count == 1 ? "1 item" : "\(rescue.count) items"
                let place = rescue.to.titles.isEmpty ? "the top level" : rescue.to.description
                return TitleSanitizer.forTerminal(
                    "\(items) moved to \(place): \(rescue.count == 1 ? "its parent was" : "their parents were") "
                        + "removed on another machine")
            } + summary.conflicts.map(ConflictOutput.roundLine)
    }

    /// What a round says when it moved onto a log another machine republished, or onto the
    /// copy of the log `sync remote` moved to.
    private static func movedLine(_ summary: SyncSummary) -> String? {
        if summary.movedToRepublishedLog {
            return "the remote's log was started again on another machine ('sync republish'): this machine moved "
                + "onto it and sends what it holds that the new log lacks"
        }
        if summary.movedToCopiedLog {
            return "this machine moved onto the remote's log, which lacked its last rounds, and sends what it "
                + "holds that the log lacks"
        }
        return nil
    }

    private static func line(_ summary: SyncSummary) -> String {
        let remote = "'\(summary.remote)'"
        if summary.brought == 0, summary.sent == 0 {
            return summary.notSent == nil
                ? "synced with \(remote): nothing to bring or send" : "synced with \(remote): nothing brought"
        }
        var parts: [String] = []
        if summary.brought > 0 {
            let effects =
                [(summary.added, "added"), (summary.removed, "removed"), (summary.changed, "changed")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
                + (summary.workflowChanged ? ["the workflow changed"] : [])
                + (summary.conflictsClosed > 0 ? ["\(count(summary.conflictsClosed, "conflict")) closed"] : [])
            let here = effects.isEmpty ? "nothing changed here" : effects.joined(separator: ", ") + " here"
            parts.append("brought \(count(summary.brought, "change")) (\(here))")
        }
        if summary.sent > 0 { parts.append("sent \(count(summary.sent, "change"))") }
        return "synced with \(remote): " + parts.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Refuses a REMOTE that begins with `-`, which git would read as an option. A path is
    /// written `./-x`, which `absoluteRemote` then makes absolute.
    static func refuseOption(_ remote: String) throws {
        guard remote.hasPrefix("-") else { return }
        throw ValidationError(
            SyncFailure.remoteIsAnOption(remote: remote, stored: false).message
                + "; write a path that begins with '-' as './\(remote)'")
    }

    /// The REMOTE of `sync init` and `sync remote`, refused when empty or when it would read as
    /// an option, and made absolute.
    static func checkedRemote(_ remote: String) throws -> String {
        guard !remote.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("an empty REMOTE names no git remote")
        }
        try refuseOption(remote)
        return absoluteRemote(remote)
    }

    /// A remote given as a relative path, made absolute: git runs in the sync cache, not here.
    /// URLs (`scheme://`, `user@host:path`) are left as they are.
    static func absoluteRemote(_ remote: String) -> String {
        if remote.contains("://") || remote.hasPrefix("/") { return remote }
        if let colon = remote.firstIndex(of: ":"), !remote[..<colon].contains("/") { return remote }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        let expanded = remote == "~" || remote.hasPrefix("~/") ? home + remote.dropFirst() : remote
        if expanded.hasPrefix("/") { return expanded }
        return URL(
            fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL.path
    }
}
