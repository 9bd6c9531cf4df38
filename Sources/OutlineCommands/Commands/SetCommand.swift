import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct SetCommand: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "set", abstract: "Set items' state, tags, dates, priority and properties.",
            discussion: """
                All the items change as one step; an option that changes nothing changes \
                nothing. A done keyword given to an item with a repeating date keeps it open \
                and moves its dates, as `outline done` does. Dates are local: 2026-12-01, \
                '2026-12-01 14:30', today, tomorrow, yesterday, a weekday (fri: the next one), \
                or an offset (+3d, +2w, +1m, -1d), optionally followed by an org-mode repeater: \
                +1w moves the date a week once, ++1w until it lies after today, .+1w a week from \
                the day it is done.

                Examples:
                  outline set "Pay rent" --due "2026-12-01 +1m" --tag home
                  outline set 4 7 --state NEXT --priority A
                  outline set Report --scheduled fri --due "+2w"
                  outline set Report --property Effort=2h --untag draft
                  outline set Report --state none --due none   # a plain item again
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var attributes: AttributeOptions

        @Argument(references: "The items to change.")
        var items: [ItemReference]

        func validate() throws {
            try validateGlobalOptions()
            if let tag = attributes.contradiction {
                throw ValidationError("--tag \(tag) and --untag \(tag) say opposite things; give one of them")
            }
            if attributes.isEmpty {
                throw ValidationError(
                    "say what to set: --state, --tag, --untag, --due, --scheduled, --priority or --property")
            }
        }

        mutating func run() throws {
            let change = try attributes.change(today: try Today.current())
            // The moment matters only to a change of state (a task done then); the day is not
            // looked up for others.
            let now = attributes.state == nil ? Date() : try Today.now()
            try self.change(items) { store, ids, reporting in
                try store.setAttributes(ids, change, at: now, reportingChanges: reporting)
            }
        }
    }
}
