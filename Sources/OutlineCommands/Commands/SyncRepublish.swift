import ArgumentParser
import OutlineKit

extension Outline.Sync {
    /// `outline sync republish`.
    struct Republish: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "republish",
            abstract: "Start the remote's log again from this machine's outline, after the remote lost or rewrote it.",
            discussion: """
                When the remote no longer holds the log this machine synced (a force-push, a \
                deleted branch, a new empty repository at the same address), 'outline sync' \
                refuses and changes nothing. This writes this machine's whole outline, with the \
                changes it has not sent and its open conflicts, as the remote's log again, over \
                whatever the remote holds now. The other machines' next rounds move onto it and \
                send what they hold that it lacks, their unsent changes included, so nothing \
                typed on any machine is lost; an item this machine had removed may come back. \
                Refused, with nothing changed, while the remote still holds this outline's log, \
                or once another machine has republished it ('outline sync' moves onto it).

                With --json, prints {"remote", "items", "sent", "conflicts"}.

                Examples:
                  outline sync            # error: ... run 'outline sync republish' ...
                  outline sync republish  # then 'outline sync' on every other machine
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStoreToSync()
            let done = try store.republishSyncLog()
            if global.json {
                JSONWriter.printObject { json in
                    json.field("remote", done.remote)
                    json.field("items", done.items)
                    json.field("sent", done.sent)
                    json.field("conflicts", done.conflicts)
                }
                return
            }
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            var line = "started the log at '\(done.remote)' again with \(count(done.items, "item"))"
            if done.sent > 0 { line += ", \(count(done.sent, "change")) not sent before among them" }
            if done.conflicts > 0 { line += ", and \(count(done.conflicts, "open conflict"))" }
            StandardOutput.shared.writeLine(TitleSanitizer.forTerminal(line))
            StandardOutput.shared.writeLine("the other machines move onto it with 'outline sync'")
        }
    }
}
