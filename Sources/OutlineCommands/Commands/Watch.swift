import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Watch: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "watch", abstract: "Follow changes to an item's subtree, live, from any process.",
            discussion: """
                On a terminal, shows REF's subtree (default: the whole outline) and redraws it \
                whenever any process commits a change, marking new rows (+), moved rows (~) and \
                retitled rows (*) for a moment, and naming removed ones. An item moved to another \
                parent is marked moved where it lands; one moved out of REF's subtree (or below \
                the depth shown) is named as removed, and one moved into it is marked new.

                Keys: j or Down and k or Up scroll a line; Space or Page Down and b or Page Up a \
                page; g or Home go to the top, G or End to the bottom. q or Ctrl-C leaves; Ctrl-Z \
                suspends it until fg.

                --depth N shows N levels below REF (1: its children alone), as ls --depth does.

                With --json, writes one change report a line, as each change is committed, undo \
                and redo included: {"step", "action" (or "undone", "redone"), "changes"}. For a \
                REF other than the root, or with --depth, only the changes of items that the \
                screen would show are written: changes under REF and under its descendants less \
                than N levels below it, so that a move from a shown list to a hidden one is a \
                delete alone. A report left with no change is not written. Changes made to the \
                file outside outline are not reported. Ctrl-C ends it.

                Examples:
                  outline watch
                  outline watch Work --depth 2
                  outline watch --json | jq -c '.changes[]'
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "Whose subtree to follow (default: the root).")
        var item: ItemReference?

        @OptionGroup var levels: DepthOption

        func validate() throws {
            try validateGlobalOptions()
            try levels.refuseBelowOne()
        }

        mutating func run() throws {
            var store = try global.openStore(recordsSteps: false)
            let start = try item.map(store.resolve) ?? .root
            if start != .root { _ = try store.item(start) }
            let waitedForTheFile = store.isEmptyStandIn
            if waitedForTheFile {
                // The default database has not been made yet, and watching must not make it: wait
                // for the first change to create it, then follow it from that change on.
                guard Self.waitForFile(store.path) else { return }
                store = try global.openStore(recordsSteps: false)
            }
            let scope = ChangeFeed.Scope(start: start, maxDepth: levels.depth)
            let feed = try ChangeFeed(store: store, fromTheStart: waitedForTheFile, scope: scope)
            if global.json {
                try followAsJSON(store, feed, scope)
            } else {
                guard Terminal.isStandardOutputTerminal else {
                    throw CommandFailure(
                        message:
                            "watch draws on a terminal; use 'outline watch --json' to write change reports to a pipe")
                }
                try followOnScreen(store, feed, scope)
            }
        }

        /// How often to look even without a wake-up, in case inotify misses something.
        private static let fallbackPoll: TimeInterval = 2

        /// Waits until a file exists at `path`; false if a signal (Ctrl-C) came first.
        private static func waitForFile(_ path: String) -> Bool {
            StandardError.writeLine(
                "no outline at \(path) yet; waiting for the first change to create it (Ctrl-C stops)")
            let wakeup = Wakeup(databasePath: path, signals: [SIGINT, SIGTERM, SIGHUP], readsKeys: false)
            while !FileManager.default.fileExists(atPath: path) {
                if case .signal = wakeup.wait(timeout: 0.2) { return false }
            }
            return true
        }

        private func followAsJSON(_ store: OutlineStore, _ feed: ChangeFeed, _ scope: ChangeFeed.Scope) throws {
            let wakeup = Wakeup(databasePath: store.path, signals: [SIGINT, SIGTERM, SIGHUP], readsKeys: false)
            let output = StandardOutput.shared
            // A message, not a result: a script (or a test) knows from it that nothing is missed
            // from here on.
            StandardError.writeLine("watching \(store.path); Ctrl-C stops")
            while true {
                if case .signal = wakeup.wait(timeout: Self.fallbackPoll) { return }
                let events = try feed.poll().events
                for event in events {
                    // The feed kept only the changes in scope, each judged at its own event.
                    let changes = event.changes
                    if scope.narrows, changes?.isEmpty ?? false { continue }
                    var json = JSONWriter()
                    ChangeOutput.writeReport(
                        &json, step: event.step, key: event.kind.reportKey, name: event.name, changes: changes)
                    output.writeLine(json.text)
                    output.flush()
                    if output.failure != nil { return }
                }
            }
        }

        private func followOnScreen(_ store: OutlineStore, _ feed: ChangeFeed, _ scope: ChangeFeed.Scope) throws {
            let screen = TerminalScreen()
            let wakeup = Wakeup(
                databasePath: store.path, signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP],
                readsKeys: isatty(0) == 1)
            let view = WatchView(store: store, scope: scope, screen: screen)
            screen.enter()
            defer { screen.restore() }
            try view.render()
            func followChanges() throws {
                let update = try feed.poll()
                try view.note(update.events)
                if !update.isEmpty || view.nextExpiry != nil { try view.render() }
            }
            while true {
                let timeout = min(
                    Self.fallbackPoll, view.nextExpiry.map { max(0.05, $0.timeIntervalSinceNow) } ?? Self.fallbackPoll)
                switch wakeup.wait(timeout: timeout) {
                case .signal(SIGWINCH): try view.render()
                case .signal(SIGTSTP):
                    // Ctrl-Z: give the shell its terminal back as it was, stop, and on `fg` take
                    // the screen again. Without this the shell got a terminal without echo.
                    screen.restore()
                    signal(SIGTSTP, SIG_DFL)
                    raise(SIGTSTP)
                    Wakeup.catchSignal(SIGTSTP)
                    screen.enter()
                    try view.render()
                case .signal: return
                case .key(.byte(UInt8(ascii: "q"))), .key(Key.controlC): return
                case .key(let key):
                    if view.scroll(for: key) { try view.render() } else { try followChanges() }
                case .fileChanged, .timeout: try followChanges()
                }
            }
        }
    }
}
