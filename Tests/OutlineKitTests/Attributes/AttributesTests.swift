import Foundation

@testable import OutlineKit

/// The tests of `Sources/OutlineKit/Attributes`, gathered under one name so that
/// `swift test --filter Attributes` runs them all.
enum AttributesTests {
    /// The day `text` (`2026-12-01`) names; the tests write only days that exist.
    static func day(_ text: String) -> CalendarDay {
        CalendarDay(iso: Substring(text))!
    }

    /// The moment `text` (`2026-03-28T23:00:00Z`) names, in UTC.
    static func moment(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// A time zone the tests need; the zone database ships with Foundation.
    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier)!
    }
}
