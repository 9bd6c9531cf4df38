import Foundation
import OutlineKit

/// Random outlines whose items hold every attribute, for the round trips of the formats that
/// carry them (SPEC, "Formats": Round trip): keywords of a workflow beyond the standard one,
/// done times of their own, repeating dates marked done (so `last_done` is set), tags, dates
/// with and without times, priorities and properties.
public enum AttributedOutline {
    /// The workflow the outlines use: keywords an empty outline lacks, so that import must add them.
    public static let workflow = "TODO NEXT WAITING | DONE CANCELLED"

    static let titles = ["Pay rent", "Call Ann #phone", "TODO list", "[#A] not a priority", "Zoë 🎉", "x"]
    static let keywords: [String?] = [nil, nil, "TODO", "NEXT", "WAITING", "DONE", "CANCELLED"]
    static let tags = ["home", "Work", "@phone", "café", "to_read", "x1"]
    static let repeaters = [nil, nil, "+1w", "++2d", ".+1m", "+1y"]
    static let properties = [("Effort", "2h"), ("context", "home office"), ("Owner", "Ann"), ("id", "65f1-aa")]

    /// Adds up to `count` items to `store`, nested at random, with attributes chosen by `seed`;
    /// sets the workflow first. Properties named in `leavingOut` are not set (a format may
    /// refuse them).
    public static func make(
        _ store: OutlineStore, seed: UInt64, count: Int, leavingOut: Set<String> = []
    ) throws {
        var rng = SeededGenerator(seed: seed)
        try store.setWorkflow(try Workflow(parsing: workflow))
        var ids: [ItemID] = []
        for _ in 0..<count {
            let parent = ids.isEmpty || Bool.random(using: &rng) ? ItemID.root : ids.randomElement(using: &rng)!
            let id = try store.add([titles.randomElement(using: &rng)!], under: parent).ids[0]
            ids.append(id)
            var change = AttributeChange()
            if let keyword = keywords.randomElement(using: &rng)! { change.state = .keyword(keyword) }
            change.addedTags = Array(tags.shuffled(using: &rng).prefix(Int.random(in: 0...2, using: &rng)))
            change.scheduled = randomDate(using: &rng).map { .some($0) }
            change.due = randomDate(using: &rng).map { .some($0) }
            if Bool.random(using: &rng) { change.priority = .some(Priority.allCases.randomElement(using: &rng)!) }
            for (key, value) in properties where Int.random(in: 0..<3, using: &rng) == 0 {
                if !leavingOut.contains(key) { change.properties.append((key, value)) }
            }
            // Done at a time of its own, to the second as JSON writes it, so that the copy's
            // done times cannot come from the import's clock.
            let doneAt = Date(timeIntervalSince1970: Double(Int.random(in: 1_700_000_000...1_800_000_000, using: &rng)))
            try store.setAttributes([id], change, at: doneAt)
            // A repeating task marked done stays open with `last_done` set.
            if Int.random(in: 0..<4, using: &rng) == 0 { try store.markDone([id], at: doneAt) }
            if Int.random(in: 0..<4, using: &rng) == 0 { try store.setNote(id, to: "a note\n  indented") }
        }
    }

    /// A date half the time: a day, sometimes with a time of day and a repeater.
    static func randomDate(using rng: inout SeededGenerator) -> TaskDate? {
        guard Bool.random(using: &rng) else { return nil }
        let day = CalendarDay(
            year: Int.random(in: 2020...2030, using: &rng), month: Int.random(in: 1...12, using: &rng),
            day: Int.random(in: 1...28, using: &rng))!
        let minute = Bool.random(using: &rng) ? Int.random(in: 0..<1440, using: &rng) : nil
        let repeater = repeaters.randomElement(using: &rng)!.flatMap { Repeater(Substring($0)) }
        return TaskDate(day: day, minuteOfDay: minute, repeater: repeater)
    }
}
