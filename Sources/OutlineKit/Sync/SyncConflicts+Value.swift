extension SyncConflicts {
    /// One value of an item as a conflict compares it (`exact`) and names it (`shown`: the text
    /// `outline conflicts` prints, nil for no value).
    struct Value {
        var exact: String?
        var shown: String?

        /// The value a change of one value is about, as `SyncConflict.what` names it; nil for a
        /// tag, which never conflicts.
        static func what(_ operation: SyncOperation) -> String? {
            switch operation {
            case .setTitle: "title"
            case .setNote: "note"
            case .setState: "state"
            case .setDate(_, let field, _): field.rawValue
            case .setPriority: "priority"
            case .setProperty(_, let key, _): "property " + key
            default: nil
            }
        }

        /// The value `what` of `node`.
        init(_ what: String, of node: SyncTree.Node) {
            let attributes = node.attributes
            switch what {
            case "title": (exact, shown) = (node.title, node.title)
            case "note": (exact, shown) = (node.note, node.note)
            case "state":
                let keyword = attributes.state ?? (node.doneAt == nil ? nil : ItemAttributes.legacyDoneKeyword)
                exact =
                    "\(attributes.state ?? "") \(node.doneAt.map { "\($0)" } ?? "") \(attributes.lastDone.map { "\($0)" } ?? "")"
                shown = keyword
            case "scheduled", "due":
                let date = what == "due" ? attributes.due : attributes.scheduled
                exact = date.map { $0.stored + " " + ($0.repeater ?? "") }
                shown = date.map { date in date.repeater.map { date.stored + " " + $0 } ?? date.stored }
            case "priority": (exact, shown) = (attributes.priority, attributes.priority)
            default:
                let key = what.dropFirst("property ".count).lowercased()
                let value = attributes.properties.first { $0.key.lowercased() == key }?.value
                (exact, shown) = (value, value)
            }
        }

        /// The operation that sets the value `what` of `uid` to what `node` holds.
        static func restore(_ what: String, from node: SyncTree.Node, uid: String) -> SyncOperation {
            let attributes = node.attributes
            switch what {
            case "title": return .setTitle(uid: uid, title: node.title)
            case "note": return .setNote(uid: uid, note: node.note)
            case "state":
                return .setState(
                    uid: uid, keyword: attributes.state, doneAt: node.doneAt, lastDone: attributes.lastDone)
            case "scheduled": return .setDate(uid: uid, field: .scheduled, date: attributes.scheduled)
            case "due": return .setDate(uid: uid, field: .due, date: attributes.due)
            case "priority": return .setPriority(uid: uid, priority: attributes.priority)
            default:
                let key = String(what.dropFirst("property ".count))
                let value = attributes.properties.first { $0.key.lowercased() == key.lowercased() }?.value
                return .setProperty(uid: uid, key: key, value: value)
            }
        }

        /// Whether two copies of an item hold the same title, note and attributes.
        static func sameContent(_ first: SyncTree.Node, _ second: SyncTree.Node) -> Bool {
            first.title == second.title && first.note == second.note && first.doneAt == second.doneAt
                && first.attributes == second.attributes
        }
    }
}
