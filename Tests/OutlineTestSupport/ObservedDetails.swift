import Foundation
import OutlineKit

/// An item's details as a test reads them, from the store or from `ls --json`, in the model's
/// terms: moments as text (their exact value is the clock's, which the model does not know).
public struct ObservedDetails: Equatable, Sendable {
    public var keyword: String?
    public var doneAt: String?
    public var lastDone: String?
    public var tags: [String]
    public var priority: String?
    public var scheduled: ModelDate?
    public var due: ModelDate?
    public var properties: [ModelProperty]

    /// What the store read: `attributes`, and the item's `doneAt`.
    public init(_ attributes: ItemAttributes, doneAt: Date?) {
        func moment(_ date: Date?) -> String? { date.map { "\($0.timeIntervalSince1970)" } }
        func date(_ date: TaskDate?) -> ModelDate? {
            date.map { ModelDate(day: $0.day.description, time: $0.time, repeater: $0.repeater?.description) }
        }
        keyword = attributes.state
        self.doneAt = moment(doneAt)
        lastDone = moment(attributes.lastDone)
        tags = attributes.tags
        priority = attributes.priority?.rawValue
        scheduled = date(attributes.scheduled)
        due = date(attributes.due)
        properties = attributes.properties.map { ModelProperty(key: $0.key, value: $0.value) }
    }

    /// What an object of `ls --json` or `show --json` says. Its properties come in key order:
    /// JSONSerialization does not keep an object's order.
    public init(json item: [String: Any]) {
        func date(_ value: Any?) -> ModelDate? {
            guard let date = value as? [String: Any], let day = date["date"] as? String else { return nil }
            return ModelDate(day: day, time: date["time"] as? String, repeater: date["repeat"] as? String)
        }
        keyword = item["state"] as? String
        doneAt = item["done_at"] as? String
        lastDone = item["last_done"] as? String
        tags = item["tags"] as? [String] ?? ["(no tags array)"]
        priority = item["priority"] as? String
        scheduled = date(item["scheduled"])
        due = date(item["due"])
        let properties = item["properties"] as? [String: String] ?? ["(no properties object)": ""]
        self.properties = properties.sorted { $0.key < $1.key }.map { ModelProperty(key: $0.key, value: $0.value) }
    }

    /// The details and notes of every item of an `ls --json` listing, by id.
    public static func listing(json: String) -> (details: [ItemID: ObservedDetails], notes: [ItemID: String]) {
        guard !json.isEmpty, let items = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        else { return ([:], [:]) }
        var details: [ItemID: ObservedDetails] = [:]
        var notes: [ItemID: String] = [:]
        func visit(_ items: [[String: Any]]) {
            for item in items {
                let id = (item["id"] as! NSNumber).int64Value
                details[id] = ObservedDetails(json: item)
                if let note = item["note"] as? String { notes[id] = note }
                visit(item["children"] as? [[String: Any]] ?? [])
            }
        }
        visit(items)
        return (details, notes)
    }
}

/// The moments a test has seen for the model's moments: each command's moment must read the same
/// wherever it is met again (an undone step restores the very time, a copy keeps it).
public struct MomentLedger: Sendable {
    private var seen: [Int: String] = [:]

    public init() {}

    /// Whether `observed` can be `moment`: both absent, or the text first seen for it.
    public mutating func matches(_ moment: Int?, _ observed: String?) -> Bool {
        switch (moment, observed) {
        case (nil, nil): return true
        case (let moment?, let observed?):
            if let known = seen[moment] { return known == observed }
            seen[moment] = observed
            return true
        default: return false
        }
    }
}

extension TreeModel {
    /// Where the items' details as `observed` differ from the model's, one line an item; empty
    /// where they agree. Properties are compared in key order unless `propertiesInOrder`.
    public func detailsMismatches(
        _ observed: [ItemID: ObservedDetails], ledger: inout MomentLedger, propertiesInOrder: Bool = true
    ) -> [String] {
        var problems: [String] = []
        if Set(observed.keys) != Set(details.keys) {
            problems.append("items \(observed.keys.sorted()) where the model has \(details.keys.sorted())")
        }
        for (id, expected) in details.sorted(by: { $0.key < $1.key }) {
            guard let actual = observed[id] else { continue }
            let properties = propertiesInOrder ? expected.properties : expected.properties.sorted { $0.key < $1.key }
            let same =
                actual.keyword == expected.keyword && actual.tags == expected.tags
                && actual.priority == expected.priority && actual.scheduled == expected.scheduled
                && actual.due == expected.due && actual.properties == properties
                && ledger.matches(expected.doneAt, actual.doneAt) && ledger.matches(expected.lastDone, actual.lastDone)
            if !same { problems.append("\(id): \(actual) where the model has \(expected)") }
        }
        return problems
    }
}
