import Foundation

/// The `taskwarrior` format, read: the JSON of `task export` (an array of tasks, or one task a
/// line). Each task is an item (`TaskwarriorItem` says how its fields become an item's parts),
/// nested under plain items made from its `project` (`Home.Garden`), once each and shared, in
/// the order the projects first appear; a task whose `outline_parent` names another task of the
/// document (as `export --format taskwarrior` writes a task under a task) nests under it
/// instead. Deleted tasks are left out and counted; a recurring task's template is not an item,
/// its pending instances are. A task whose uuid an earlier task has is an item without it, and
/// the uuid is counted as dropped.
public enum TaskwarriorReader {
    /// The items of a `task export` document, and what it could not carry.
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func read(_ bytes: [UInt8], context: DocumentReadingContext) throws -> ImportedDocument {
        var scanner = JSONScanner(try UnicodeDocument.utf8(bytes))
        let tasks = try TaskwarriorTask.all(in: &scanner)
        var report = ImportReport()
        var templates: [String: TaskwarriorTask] = [:]
        var templatesInOrder: [TaskwarriorTask] = []
        var kept: [TaskwarriorTask] = []
        for task in tasks {
            switch task.status {
            case "pending", "waiting", "completed": kept.append(task)
            case "deleted": report.record(.leftOut("deleted task", "deleted tasks"), line: task.line)
            case "recurring":
                templatesInOrder.append(task)
                if let uuid = task.uuid { templates[uuid] = task }
            default:
                let status = task.status.map(JSONText.quote) ?? "none"
                throw scanner.failure(
                    at: task.offset,
                    "the task's status is \(status), not one of taskwarrior's: pending, waiting, completed, deleted, "
                        + "recurring")
            }
        }
        var nodes: [Node] = []
        var nodeByUUID: [String: Node] = [:]
        var keptUUIDs = Set<String>()
        for var task in kept {
            if let uuid = task.uuid, !keptUUIDs.insert(uuid.lowercased()).inserted {
                // `task import` would let the later task overwrite the earlier one: both are
                // items, but the later one loses the uuid, which says the same task twice.
                report.record(
                    .dropped("uuid that an earlier task already has", "uuids that earlier tasks already have"),
                    line: task.line)
                task.uuid = nil
            }
            let template = task.field("parent").flatMap { templates[$0] }
            var converter = TaskwarriorItem(task: task, template: template, timeZone: context.timeZone)
            let item: ImportedItem
            do {
                item = try converter.item(report: &report)
            } catch let error as DocumentError {
                throw scanner.failure(at: task.offset, error.reason)
            }
            let node = Node(item: item, task: converter.task)
            nodes.append(node)
            if let uuid = task.uuid, nodeByUUID[uuid] == nil { nodeByUUID[uuid] = node }
        }
        let instanceParents = Set(kept.filter { $0.status != "completed" }.compactMap { $0.field("parent") })
        for template in templatesInOrder {
            if let uuid = template.uuid, instanceParents.contains(uuid) {
                report.record(
                    .kept("recurring task template", "recurring task templates", "as repeaters"),
                    line: template.line)
            } else {
                report.record(
                    .dropped("recurring task without a pending instance", "recurring tasks without a pending instance"),
                    line: template.line)
            }
        }
        return ImportedDocument(items: try nest(nodes, byUUID: nodeByUUID, report: &report), report: report)
    }

    /// A task's item on its way into the tree: its children are added as the tasks are placed.
    private final class Node {
        /// The item, without its children.
        var item: ImportedItem
        /// The task it was made from (for a project's item, the task that first named it).
        let task: TaskwarriorTask
        /// The items under it, in order.
        var children: [Node] = []
        /// The plain items made for projects under this one, by title.
        var projects: [String: Node] = [:]

        /// A node for `item`, made from `task`.
        init(item: ImportedItem, task: TaskwarriorTask) {
            self.item = item
            self.task = task
        }

        /// The plain child titled `title`, made the first time it is asked for.
        func project(_ title: String) -> Node {
            if let existing = projects[title] { return existing }
            let made = Node(
                item: ImportedItem(title: title), task: TaskwarriorTask(line: task.line, offset: task.offset))
            projects[title] = made
            children.append(made)
            return made
        }

        /// The item with its children's items, built without recursion.
        func built() -> ImportedItem {
            var stack: [(node: Node, next: Int, children: [ImportedItem])] = [(self, 0, [])]
            while true {
                let top = stack.count - 1
                if stack[top].next < stack[top].node.children.count {
                    let child = stack[top].node.children[stack[top].next]
                    stack[top].next += 1
                    stack.append((child, 0, []))
                    continue
                }
                let finished = stack.removeLast()
                var item = finished.node.item
                item.children = finished.children
                if stack.isEmpty { return item }
                stack[stack.count - 1].children.append(item)
            }
        }
    }

    /// The top-level items: each task under the plain items of its project, or under the task
    /// its `outline_parent` names (when that is a task of the document and no chain of parents
    /// leads back to it), with the part of its project below that task's.
    ///
    /// - Throws: `DocumentError` when items would nest deeper than an outline holds them.
    ///
    /// An `outline_parent` that places no task (it names no task of the document, the task
    /// itself, or a chain that comes back on itself) is dropped and counted: it is outline's
    /// own field, which `export` writes from the structure and refuses as a property.
    private static func nest(_ nodes: [Node], byUUID: [String: Node], report: inout ImportReport) throws
        -> [ImportedItem]
    {
        let root = Node(item: ImportedItem(title: ""), task: TaskwarriorTask(line: 1, offset: 0))
        let parents = parentsInTree(nodes, byUUID: byUUID)
        // How deep each task sits (placed ones only), found parents first, so that a chain of
        // any length costs one pass.
        var level: [ObjectIdentifier: Int] = [:]
        func place(_ node: Node) throws {
            var chain: [Node] = [node]
            while let parent = parents[ObjectIdentifier(chain.last!)], level[ObjectIdentifier(parent)] == nil {
                chain.append(parent)
            }
            for node in chain.reversed() {
                var container = root
                var path = segments(node)
                var depth = 0
                if let parent = parents[ObjectIdentifier(node)] {
                    let above = segments(parent)
                    container = parent
                    depth = level[ObjectIdentifier(parent)]!
                    path = path.starts(with: above) ? Array(path.dropFirst(above.count)) : path
                }
                // The structure says what the field said, or it placed nothing: not kept.
                if node.item.attributes.properties.contains(where: { $0.key == "outline_parent" }) {
                    node.item.attributes.properties.removeAll { $0.key == "outline_parent" }
                    if parents[ObjectIdentifier(node)] == nil {
                        report.record(
                            .dropped(
                                "outline_parent that names no task above it in the file",
                                "outline_parents that name no task above them in the file"), line: node.task.line)
                    }
                }
                depth += path.count + 1
                if depth > OutlineStore.maximumDepth {
                    throw DocumentError(
                        line: node.task.line, "items nest more than \(OutlineStore.maximumDepth) levels deep")
                }
                level[ObjectIdentifier(node)] = depth
                for title in path {
                    do {
                        container = container.project(try Title.validated(title))
                    } catch let error as OutlineError {
                        throw DocumentError(
                            line: node.task.line, "the project \(JSONText.quote(title)): \(error.message)")
                    }
                }
                container.children.append(node)
            }
        }
        // In the document's order, but a task's parent before it.
        for node in nodes where level[ObjectIdentifier(node)] == nil { try place(node) }
        return root.children.map { $0.built() }
    }

    /// The project's titles, `Home.Garden` as `["Home", "Garden"]`.
    private static func segments(_ node: Node) -> [String] {
        (node.task.project ?? "").split(separator: ".").map { String($0).trimmingWhiteSpace() }.filter { !$0.isEmpty }
    }

    /// The task each task nests under: the one its `outline_parent` names, unless that chain of
    /// parents comes back on itself, whose tasks then nest under none. Each task is walked once.
    private static func parentsInTree(_ nodes: [Node], byUUID: [String: Node]) -> [ObjectIdentifier: Node] {
        func declared(_ node: Node) -> Node? {
            guard let uuid = node.task.field("outline_parent"), let parent = byUUID[uuid], parent !== node else {
                return nil
            }
            return parent
        }
        var parents: [ObjectIdentifier: Node] = [:]
        var settled = Set<ObjectIdentifier>()
        for start in nodes where !settled.contains(ObjectIdentifier(start)) {
            var path: [Node] = []
            var onPath: [ObjectIdentifier: Int] = [:]
            var current: Node? = start
            while let node = current, !settled.contains(ObjectIdentifier(node)) {
                if let index = onPath[ObjectIdentifier(node)] {
                    // A cycle: its tasks nest under no task; those that led to it under theirs.
                    for member in path[index...] { settled.insert(ObjectIdentifier(member)) }
                    path.removeSubrange(index...)
                    break
                }
                onPath[ObjectIdentifier(node)] = path.count
                path.append(node)
                current = declared(node)
            }
            for node in path {
                settled.insert(ObjectIdentifier(node))
                if let parent = declared(node) { parents[ObjectIdentifier(node)] = parent }
            }
        }
        return parents
    }
}
