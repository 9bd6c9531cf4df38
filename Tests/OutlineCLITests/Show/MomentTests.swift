import Foundation
import Testing

/// Moments shown to a person are local time, in one form wherever they are shown; JSON gives
/// them in ISO 8601 UTC (SPEC, "Exit status and errors").
@Suite("Moments in local time")
struct MomentTests {
    let outline = OutlineProcess()

    /// 2026-11-26T20:08:33Z, as seconds since 1970.
    static let moment = 1_795_723_713

    /// An item done, and the step that did it, both at `moment` (set with the sqlite3 shell, so
    /// that the test knows the moment to the second).
    init() throws {
        try outline.run(["add", "Pay rent"])
        try outline.run(["done", "Pay rent"])
        try outline.sqlite(
            "UPDATE item SET done_at = \(Self.moment) WHERE id = 1; UPDATE undo_step SET created_at = \(Self.moment)")
    }

    /// `show`'s state line and the newest `history` line, in the time zone `zone`.
    func shown(in zone: String) throws -> (show: String, history: String) {
        let show = try outline.run(["show", "1"], environment: ["TZ": zone])
        let history = try outline.run(["history", "--limit", "1"], environment: ["TZ": zone])
        #expect(show.status == 0 && history.status == 0, "\(show)\n\(history)")
        return (show.lines.first { $0.hasPrefix("state:") } ?? "", history.lines.first ?? "")
    }

    @Test func showAndHistoryShowLocalTimeInOneForm() throws {
        let kolkata = try shown(in: "Asia/Kolkata")  // UTC+05:30
        #expect(kolkata.show == "state:       DONE (2026-11-27 01:38:33)", "\(kolkata)")
        #expect(kolkata.history == "2  2026-11-27 01:38:33  done \"Pay rent\"", "\(kolkata)")
        let newYork = try shown(in: "America/New_York")  // UTC-05:00 in November
        #expect(newYork.show == "state:       DONE (2026-11-26 15:08:33)", "\(newYork)")
        #expect(newYork.history == "2  2026-11-26 15:08:33  done \"Pay rent\"", "\(newYork)")
    }

    @Test func jsonGivesMomentsInUTCWhateverTheZone() throws {
        for zone in ["Asia/Kolkata", "America/New_York"] {
            let show = try outline.run(["show", "1", "--json"], environment: ["TZ": zone])
            #expect(show.stdout.contains(#""done_at":"2026-11-26T20:08:33Z""#), "\(zone): \(show)")
            let history = try outline.run(["history", "--limit", "1", "--json"], environment: ["TZ": zone])
            #expect(history.stdout.contains(#""time":"2026-11-26T20:08:33Z""#), "\(zone): \(history)")
        }
    }
}
