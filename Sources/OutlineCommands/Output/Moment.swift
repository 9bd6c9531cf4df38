import Foundation

/// How a moment (when a step was made, when an item was done) is written: one form for people,
/// in local time, wherever one is shown (`history`, `show`), and ISO 8601 in UTC for JSON, which
/// scripts compare and convert. Two commands that each chose a form showed a person one moment
/// in two zones.
enum Moment {
    /// For a person: `2026-11-21 21:40:12`, in the local time zone (`TZ`, else the system's).
    static func local(_ date: Date) -> String { format(date, "%Y-%m-%d %H:%M:%S", local: true) }

    /// For JSON: `2026-11-21T21:40:12Z`.
    static func utc(_ date: Date) -> String { format(date, "%Y-%m-%dT%H:%M:%SZ", local: false) }

    /// `date` to the second (rounded down, as ISO 8601 formatters do), through the C library,
    /// which reads the zone database only when a local time is asked for.
    private static func format(_ date: Date, _ pattern: String, local: Bool) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        if local { localtime_r(&seconds, &parts) } else { gmtime_r(&seconds, &parts) }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
