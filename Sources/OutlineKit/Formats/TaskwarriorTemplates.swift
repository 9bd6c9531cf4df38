/// The recurring templates of an export, laid out as taskwarrior lays out a task that repeats: a
/// template (`status` recurring, which taskwarrior makes the next instances from) and the open
/// items that repeat as its pending instances (`parent` its uuid, `imask` which instance).
///
/// An open item that repeats is an instance of the template its `parent` property names (the
/// one it was made from, when it came from taskwarrior), so that `task import` into that
/// taskwarrior updates the template instead of adding a second one; an item without one gets a
/// template uuid made from its own, the same at every export. Open items that share a template
/// are its instances in the order met; the template starts at their earliest due date and its
/// `mask` counts one pending instance each, so that taskwarrior makes no instance the export
/// already holds. A done item that repeats is history: it is written without links, as before,
/// since the template of a task with no open instance would start repeating it again.
struct TaskwarriorTemplates {
    /// One template: its fields as the first instance gives them, and what its instances add.
    private struct Template {
        /// Its uuid.
        let uuid: String
        /// Its fields but `due` and `mask`, in order, each value as JSON text.
        let fields: [(key: String, value: String)]
        /// The earliest due date of its instances, as JSON text (`"20261202T173000Z"`, which
        /// orders as the moments do).
        var due: String
        /// How many instances it has.
        var instances: Int
    }

    /// The templates met so far, in order.
    private var templates: [Template] = []
    /// Where each template's uuid is in `templates`.
    private var indexByUUID: [String: Int] = [:]

    /// The instance's fields a template does not take: those of one task alone (its uuid,
    /// status, times, note, dependencies, scheduled and wait dates) and the links, written anew.
    private static let instanceOnly: Set<String> = [
        "uuid", "status", "end", "entry", "modified", "start", "wait", "scheduled", "scheduled_repeat", "annotations",
        "depends", "parent", "imask", "mask", "rtype",
    ]

    /// The fields that tie the open item whose task is `fields` (with `due` among them) to its
    /// template: `parent`, `imask` and `rtype`, each value as JSON text. The template is made
    /// from the first instance of it met; `taken` holds the uuids items already have, which a
    /// template may not reuse.
    mutating func links(
        for fields: [(key: String, value: String)], uuid: String, attributes: ItemAttributes,
        taken: inout TaskwarriorUUIDOwners
    ) -> [(key: String, value: String)] {
        var parent = attributes.property("parent").flatMap(TaskwarriorWriter.validUUID)
        if let claimed = parent, claimed == uuid || taken.owner(of: TaskwarriorUUID(valid: claimed)) != nil {
            parent = nil
        }
        let templateUUID = parent ?? TaskwarriorWriter.uuid(seed: "outline template of " + uuid)
        let rtype = attributes.property("rtype").flatMap { ["periodic", "chained"].contains($0) ? $0 : nil }
        let due = fields.first { $0.key == "due" }?.value ?? ""
        let index: Int
        if let existing = indexByUUID[templateUUID] {
            index = templates[existing].instances
            templates[existing].instances += 1
            if due < templates[existing].due { templates[existing].due = due }
        } else {
            index = 0
            let shared = fields.filter { !Self.instanceOnly.contains($0.key.lowercased()) && $0.key != "due" }
            indexByUUID[templateUUID] = templates.count
            templates.append(
                Template(
                    uuid: templateUUID,
                    fields: [("description", shared.first { $0.key == "description" }?.value ?? "\"\"")]
                        + [("status", "\"recurring\""), ("uuid", JSONText.quote(templateUUID))]
                        + shared.filter { $0.key != "description" }
                        + [("rtype", JSONText.quote(rtype ?? "periodic"))],
                    due: due, instances: 1))
        }
        return [
            ("parent", JSONText.quote(templateUUID)), ("imask", String(index)),
            ("rtype", JSONText.quote(rtype ?? "periodic")),
        ]
    }

    /// The templates as tasks of the array, each a line that starts `,\n{` (they follow their
    /// instances, so never come first).
    var text: String {
        templates.map { template in
            let fields =
                template.fields + [
                    ("due", template.due), ("mask", JSONText.quote(String(repeating: "-", count: template.instances))),
                ]
            return ",\n{" + fields.map { JSONText.quote($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
        }.joined()
    }
}
