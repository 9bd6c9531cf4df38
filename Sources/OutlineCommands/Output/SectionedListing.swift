import Foundation
import OutlineKit

/// `ls --sections initial`: a sectioned results controller on screen.
struct SectionedListing {
    let store: OutlineStore
    let parent: ItemID
    /// Leave out done items (`--open`).
    var leavingOutDone = false

    func print(json: Bool, tsv: Bool) throws {
        if parent != .root { _ = try store.item(parent) }  // a missing item is an error, not an empty list
        let controller = ResultsController(
            store: store, request: FetchRequest(parent: parent, sort: .title, sectionKey: .initial))
        try controller.performFetch()
        let sections = controller.sections.compactMap { section in
            let objects = leavingOutDone ? section.objects.filter { !$0.isDone } : section.objects
            return objects.isEmpty ? nil : (name: section.name, objects: objects)
        }
        let output = StandardOutput.shared
        if json {
            var writer = JSONWriter()
            writer.writeObjects(sections) { writer, section in
                writer.field("section", section.name)
                writer.key("items")
                writer.writeObjects(section.objects) { writer, item in
                    ItemDetailsOutput.writeItemFields(item, to: &writer)
                }
            }
            output.writeLine(writer.text)
        } else if tsv {
            for section in sections {
                for item in section.objects {
                    let entry = TreeEntry(item: item, depth: 1, isLastSibling: false)
                    output.writeLine(
                        section.name + "\t" + TSV.line(for: entry, forTerminal: Terminal.isStandardOutputTerminal))
                }
            }
        } else {
            let width = String(controller.fetchedObjects.map(\.id).max() ?? 0).count
            for section in sections {
                output.writeLine(Terminal.bold(section.name))
                for item in section.objects {
                    let id = String(item.id)
                    let padded = String(repeating: " ", count: width - id.count) + id
                    let title = TitleSanitizer.forTerminal(item.title)
                    let shown = item.isDone ? Terminal.dim(TreeRenderer.doneMark + title) : title
                    output.writeLine("  " + Terminal.dim(padded) + "  " + shown)
                }
            }
            if sections.isEmpty, Terminal.isStandardOutputTerminal {
                StandardError.writeLine("item \(parent) has no children")
            }
        }
    }
}
