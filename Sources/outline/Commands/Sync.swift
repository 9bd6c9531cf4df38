import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Sync the outline with other machines through a git remote.",
            discussion: """
                Every machine keeps its own outline file and syncs it with one git remote: any \
                URL or path git can push to (a bare repository on a server, a USB disk, a \
                hosted repository). A round brings the changes the other machines have sent, \
                applies them, and sends this machine's changes since the last round. Changes \
                made on two machines at once are merged by rule, never handed to you: the later \
                of two titles wins, an item moved into one that was removed elsewhere goes to \
                that item's parent, and nothing is lost unless some machine removed it. Integer \
                ids stay per machine; 'show --json' gives the global id as "uid".

                Examples:
                  outline sync init ~/Dropbox/outline.git      # first machine: sends the outline
                  outline sync init me@server:outline.git      # a new machine: adopts it
                  outline sync                                 # one round
                  outline sync status
                  outline sync compact                         # new machines start from here
                """,
            subcommands: [Round.self, Start.self, Status.self, Compact.self],
            defaultSubcommand: Round.self)
    }
}

extension Outline.Sync {
    /// `outline sync`: one round.
    struct Round: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run one round of sync (the default): bring the others' changes, send this machine's.",
            discussion: """
                With --json, prints the change report of what the round changed here (one \
                line, in the form 'watch --json' uses), or nothing when it changed nothing.

                Examples:
                  outline sync
                  outline sync --json | jq -c '.changes[]'
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: true)
            let summary = try store.sync(reportingChanges: global.json)
            try SyncOutput.print(summary, json: global.json)
        }
    }

    /// `outline sync init REMOTE`.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Tie the outline to a git remote and run the first round.",
            discussion: """
                REMOTE is anything git can push to: a URL (ssh://, https://, user@host:path) or \
                the path of a bare repository (make one with 'git init --bare PATH'). If the \
                remote is empty, this outline is sent to it; if this outline is empty, the \
                remote's is adopted. When both hold items, nothing is changed: join an empty \
                outline (a new --db) to the remote instead.

                Examples:
                  git init --bare ~/outline.git && outline sync init ~/outline.git
                  outline --db ~/laptop.db sync init me@server:outline.git
                """)

        @Argument(help: "The git remote: a URL or the path of a bare repository.")
        var remote: String

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            guard !remote.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("REMOTE must name a git remote; it was empty")
            }
            let store = try global.openStore(recordsSteps: true, createsFile: true)
            let summary = try store.startSyncing(with: SyncOutput.absoluteRemote(remote), reportingChanges: global.json)
            try SyncOutput.print(summary, json: global.json)
        }
    }

    /// `outline sync status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Say which remote the outline syncs with and what is waiting to be sent.",
            discussion: """
                Reads only this machine's file: it does not ask the remote.

                Examples:
                  outline sync status
                  outline sync status --json | jq .pending
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let status = try store.syncStatus()
            if global.json {
                var json = JSONWriter()
                json.openObject()
                json.field("remote", status.remote)
                json.field("replica", status.replica)
                json.field("lastCommit", status.lastCommit)
                json.field("pending", status.pendingOperations)
                json.closeObject()
                StandardOutput.shared.writeLine(json.text)
            } else {
                let pending = status.pendingOperations
                StandardOutput.shared.writeLine("remote: \(TitleSanitizer.forTerminal(status.remote))")
                StandardOutput.shared.writeLine(
                    "last synced: " + (status.lastCommit.map { "commit " + String($0.prefix(12)) } ?? "never"))
                StandardOutput.shared.writeLine(
                    pending == 0
                        ? "nothing to send" : "\(pending) change\(pending == 1 ? "" : "s") to send; run 'outline sync'")
            }
        }
    }
}

extension Outline.Sync {
    /// `outline sync compact`.
    struct Compact: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compact",
            abstract: "Run a round, then write a snapshot that new machines start from.",
            discussion: """
                A machine that joins with 'sync init' reads the log from the last snapshot on, \
                rather than every change ever made. The remote keeps the history before it (git \
                never forgets a pushed commit); machines that already sync are not affected.

                Examples:
                  outline sync compact
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: true)
            let (round, items) = try store.compactSyncLog(reportingChanges: global.json)
            try SyncOutput.print(round, json: global.json)
            if !global.json {
                StandardOutput.shared.writeLine("wrote a snapshot of \(items) item\(items == 1 ? "" : "s")")
            }
        }
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
                    changes: summary.changes)
                output.writeLine(writer.text)
            }
        } else {
            output.writeLine(TitleSanitizer.forTerminal(line(summary)))
            for skipped in summary.skipped { output.writeLine(TitleSanitizer.forTerminal("skipped \(skipped)")) }
        }
        if let failure = summary.notSent {
            throw CommandFailure(
                message: failure.commandLineMessage + "; this machine's changes are kept for the next sync")
        }
    }

    private static func line(_ summary: SyncSummary) -> String {
        let remote = "'\(summary.remote)'"
        if summary.brought == 0, summary.sent == 0 {
            return summary.notSent == nil
                ? "synced with \(remote): nothing to bring or send" : "synced with \(remote): nothing brought"
        }
        var parts: [String] = []
        if summary.brought > 0 {
            let effects = [(summary.added, "added"), (summary.removed, "removed"), (summary.changed, "changed")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            parts.append(
                "brought \(count(summary.brought, "change"))"
                    + (effects.isEmpty ? "" : " (\(effects.joined(separator: ", ")) here)"))
        }
        if summary.sent > 0 { parts.append("sent \(count(summary.sent, "change"))") }
        return "synced with \(remote): " + parts.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// A remote given as a relative path, made absolute: git runs in the sync cache, not here.
    /// URLs (`scheme://`, `user@host:path`) are left as they are.
    static func absoluteRemote(_ remote: String) -> String {
        if remote.contains("://") || remote.hasPrefix("/") { return remote }
        if let colon = remote.firstIndex(of: ":"), !remote[..<colon].contains("/") { return remote }
        let expanded = remote.hasPrefix("~/") ? NSString(string: remote).expandingTildeInPath : remote
        if expanded.hasPrefix("/") { return expanded }
        return URL(
            fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL.path
    }
}
