/// The fields of one task as `TaskwarriorWriter` writes them, kept as key and JSON value for
/// `TaskwarriorTemplates`, which makes a template of an open task that repeats from its fields.
///
/// The writer appends every task straight to its document as bytes; only for a task that
/// repeats does it keep this record beside them, each value read back from the bytes written,
/// so that the template takes exactly what the task says.
struct TaskwarriorFieldRecord {
    /// The fields ended so far, in order: the key as written before escaping, the value as JSON.
    private(set) var fields: [(key: String, value: String)] = []
    /// The field being written: its key and where its value starts in the document.
    private var open: (key: String, valueStart: Int)?

    /// Starts a field named `key` whose value starts at `valueStart` in the document; the field
    /// before it must have been ended.
    mutating func start(_ key: String, valueAt valueStart: Int) {
        open = (key, valueStart)
    }

    /// Ends the field being written, its value the rest of `bytes`: called before the next
    /// field's key is appended.
    mutating func finish(_ bytes: [UInt8]) {
        guard let field = open.take() else { return }
        fields.append((field.key, String(decoding: bytes[field.valueStart...], as: UTF8.self)))
    }
}
