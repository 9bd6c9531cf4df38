import OutlineKit

/// A random outline command, mostly valid, sometimes not, as a user or a script might type it.
public enum RandomCommand: CustomStringConvertible, Sendable {
    case add([String], under: ItemID?, Placement)
    case remove([ItemID])
    case move([ItemID], under: ItemID?, Placement)
    case edit(ItemID, String)
    case done([ItemID])
    case reopen([ItemID])
    case note(ItemID, String)
    /// `set IDS OPTIONS`: state, tags, dates, priority, properties.
    case set([ItemID], SetOptions)
    /// `workflow TEXT`.
    case workflow(String)
    case copy([ItemID], under: ItemID?, Placement)
    case sort(ItemID, SortKey, reversed: Bool)
    /// `edit ROOT --apply -` of these lines: the subtree's text after a random edit.
    case editText(ItemID, [EditableText.Line])
    case undo(Int)
    case redo(Int)

    public var description: String {
        switch self {
        case .add(let titles, let parent, let placement):
            "add \(titles) under \(String(describing: parent)) \(placement)"
        case .remove(let ids): "rm \(ids)"
        case .move(let ids, let parent, let placement): "mv \(ids) under \(String(describing: parent)) \(placement)"
        case .edit(let id, let title): "edit \(id) \(title)"
        case .done(let ids): "done \(ids)"
        case .reopen(let ids): "reopen \(ids)"
        case .note(let id, let text): "note \(id) \(text.debugDescription)"
        case .set(let ids, let options): "set \(ids) \(options)"
        case .workflow(let text): "workflow \(text.debugDescription)"
        case .copy(let ids, let parent, let placement): "cp \(ids) under \(String(describing: parent)) \(placement)"
        case .sort(let id, let key, let reversed): "sort \(id) by \(key)\(reversed ? " reversed" : "")"
        case .editText(let root, let lines): "edit \(root) as text \(lines.map(\.text))"
        case .undo(let steps): "undo \(steps)"
        case .redo(let steps): "redo \(steps)"
        }
    }

    public static let sampleTitles = [
        "Milk", "Eggs", "  padded  ", "张三", "Ünïcödé", "emoji 🎉", "a b c", "x", "", "bad\u{7}bell", "tab\there",
    ]

    /// Notes as people and scripts write them, and a few that must be refused.
    public static let sampleNotes = [
        "Oat, not soy", "line one\nline two", "  indented\n\ttabbed  \n\n", "", "   ", "café au lait",
        "windows\r\nline ends", "bad\u{1B}[31mescape", "lone\rreturn", "mil",
    ]

    /// Workflows to set: the default, a richer one (twice as often; once written as org-mode
    /// does), ones that reorder keywords, ones that drop one (refused while items carry it), ones
    /// that make a keyword of open items a done one or the other way round (refused while items
    /// carry it), and malformed ones.
    public static let sampleWorkflows = [
        "TODO | DONE", "TODO NEXT | DONE CANCELLED", "TODO(t) NEXT(n) | DONE(d) CANCELLED",
        "NEXT TODO | CANCELLED DONE", "TODO | DONE CANCELLED", "TODO NEXT | DONE", "TODO | FINISHED", "NEXT | DONE",
        "DONE | TODO", "TODO DONE | CANCELLED", "TODO DONE", "todo | done", "TODO | TODO",
    ]

    /// A random command. With `model`, some are edits as text of a subtree of the model (the
    /// text is made from the model, so the outline must match it), and some set items'
    /// attributes, the workflow, or mark done an item whose date repeats.
    public static func random(
        existing ids: [ItemID], nextID: ItemID, model: TreeModel? = nil, using rng: inout SeededGenerator
    ) -> RandomCommand {
        func someID() -> ItemID {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: return 0
            case 1: return nextID + 3  // never existed
            default: return ids.randomElement(using: &rng) ?? 0
            }
        }
        func someIDs() -> [ItemID] { (0..<Int.random(in: 1...3, using: &rng)).map { _ in someID() } }
        func someTitle() -> String { sampleTitles.randomElement(using: &rng)! }
        func somePlacement() -> (ItemID?, Placement) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return (nil, .end)
            case 1: return (someID(), .end)
            case 2: return (someID(), .at(Int.random(in: 0...5, using: &rng)))
            case 3: return (nil, .before(someID()))
            case 4: return (nil, .after(someID()))
            default: return (Bool.random(using: &rng) ? someID() : nil, .after(someID()))
            }
        }
        // With the model, a fifth are of attributes: set, on one or two items, half the time ones
        // that hold some already (a tag then the same in another case, a date then a state);
        // the workflow; done of an open item whose date repeats (or, where none is, set a
        // repeating date); and undo and redo, so that as many of them as before meet these steps.
        if let model, Int.random(in: 0..<5, using: &rng) == 0 {
            let held = model.itemIDs.filter { model.details[$0]! != ModelDetails() }
            func target() -> ItemID {
                Bool.random(using: &rng) ? held.randomElement(using: &rng) ?? someID() : someID()
            }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                return .workflow(sampleWorkflows.randomElement(using: &rng)!)
            case 2, 3:
                let repeating = model.itemIDs.filter { model.details[$0]!.repeats && !model.done.contains($0) }
                guard let id = repeating.randomElement(using: &rng) else {
                    let date = SetOptions.samples[.due]!.filter { $0.contains(" +") }.randomElement(using: &rng)!
                    return .set([target()], SetOptions([.init(name: .due, value: date)]))
                }
                let state = SetOptions([.init(name: .state, value: "DONE")])
                return Bool.random(using: &rng) ? .done([id]) : .set([id], state)
            case 4, 5:
                return .undo(1)
            case 6:
                return .redo(1)
            default:
                var ids = [target()]
                if Int.random(in: 0..<3, using: &rng) == 0 { ids.append(target()) }
                return .set(ids, SetOptions.random(using: &rng))
            }
        }
        // Adds a third of the time, as before the content commands came: the others need items.
        switch Int.random(in: 0..<(model == nil ? 20 : 22), using: &rng) {
        case 20, 21:
            let root = Bool.random(using: &rng) ? ItemID.root : someID()
            guard let lines = model?.textLines(under: root) else { return .edit(someID(), someTitle()) }
            return .editText(root, RandomTextEdit.edit(lines, nextID: nextID, using: &rng))
        case 10, 11: return .undo(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1)
        case 12: return .redo(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1)
        case 13, 14: return .done(someIDs())
        case 15: return .reopen(someIDs())
        case 16: return .note(someID(), sampleNotes.randomElement(using: &rng)!)
        case 17:
            let (parent, placement) = somePlacement()
            // Each id once, in the order drawn: a Set's order changes from one process to the
            // next, and a seed must replay the same commands.
            var ids: [ItemID] = []
            for id in someIDs() where !ids.contains(id) { ids.append(id) }
            return .copy(Array(ids.prefix(2)), under: parent, placement)
        case 18:
            // The root's list and short lists alike; by state only where some are done.
            let parent = Bool.random(using: &rng) ? ItemID.root : someID()
            return .sort(parent, Bool.random(using: &rng) ? .title : .state, reversed: Bool.random(using: &rng))
        case 0..<6, 19:
            let (parent, placement) = somePlacement()
            return .add((0..<Int.random(in: 1...3, using: &rng)).map { _ in someTitle() }, under: parent, placement)
        case 6: return .remove(someIDs())
        case 7, 8:
            let (parent, placement) = somePlacement()
            return .move(someIDs(), under: parent, placement)
        default: return .edit(someID(), someTitle())
        }
    }
}

extension RandomCommand {
    /// Runs a changing command (not undo or redo, which return nil) on `store`, with its change
    /// report; nil where the store refuses it.
    public func run(on store: OutlineStore) -> ChangeResult? {
        switch self {
        case .add(let titles, let parent, let placement):
            try? store.add(titles, under: parent, placement: placement, reportingChanges: true)
        case .remove(let ids): try? store.remove(ids, reportingChanges: true)
        case .move(let ids, let parent, let placement):
            try? store.move(ids, under: parent, placement: placement, reportingChanges: true)
        case .edit(let id, let title): try? store.edit(id, title: title, reportingChanges: true)
        case .done(let ids): try? store.markDone(ids, reportingChanges: true)
        case .reopen(let ids): try? store.reopen(ids, reportingChanges: true)
        case .note(let id, let text): try? store.setNote(id, to: text, reportingChanges: true)
        case .set(let ids, let options):
            try? store.setAttributes(ids, options.change(), reportingChanges: true)
        case .workflow(let text): try? store.setWorkflow(Workflow(parsing: text), reportingChanges: true)
        case .copy(let ids, let parent, let placement):
            try? store.copy(ids, under: parent, placement: placement, reportingChanges: true)
        case .sort(let parent, let key, let reversed):
            try? store.sort(parent, by: key, reversed: reversed, reportingChanges: true)
        case .editText(let root, let lines):
            try? store.applyEditedText(Array(EditableText.text(of: lines).utf8), to: root, reportingChanges: true)
        case .undo, .redo: nil
        }
    }
}
