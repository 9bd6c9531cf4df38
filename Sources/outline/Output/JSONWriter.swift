import OutlineKit

/// The one writer of JSON in the executable: every command's `--json` output goes through it.
///
/// It places commas and closes what it opened, so that no function leaves an object open for its
/// caller to finish. Text accumulates in `text`; a long listing hands it to standard output as it
/// goes (`takeText()`), so that memory does not grow with the outline.
struct JSONWriter {
    private(set) var text = ""
    /// One entry per open object or array: whether it has a member yet (a comma before the next).
    private var openContainers: [Bool] = []
    /// A key was just written: the next value is its value, with no comma before it.
    private var awaitingValue = false

    /// Whether every object and array opened has been closed.
    var isComplete: Bool { openContainers.isEmpty }

    mutating func openObject() {
        startValue()
        text += "{"
        openContainers.append(false)
    }

    mutating func closeObject() {
        text += "}"
        openContainers.removeLast()
    }

    mutating func openArray() {
        startValue()
        text += "["
        openContainers.append(false)
    }

    mutating func closeArray() {
        text += "]"
        openContainers.removeLast()
    }

    /// Starts a member of the open object: the value written next is its value.
    mutating func key(_ name: String) {
        startMember()
        text += JSONText.quote(name) + ":"
        awaitingValue = true
    }

    mutating func null() { raw("null") }
    mutating func value(_ number: Int64?) { raw(number.map(String.init) ?? "null") }
    mutating func value(_ number: Int?) { raw(number.map(String.init) ?? "null") }
    mutating func value(_ flag: Bool) { raw(flag ? "true" : "false") }
    mutating func value(_ string: String?) { raw(string.map(JSONText.quote) ?? "null") }

    /// An array of ids, or null.
    mutating func value(_ ids: [ItemID]?) { raw(ids.map(JSONText.array) ?? "null") }

    /// `key` and its value in one call.
    mutating func field(_ name: String, _ string: String?) {
        key(name)
        value(string)
    }

    mutating func field(_ name: String, _ number: Int64?) {
        key(name)
        value(number)
    }

    mutating func field(_ name: String, _ number: Int?) {
        key(name)
        value(number)
    }

    mutating func field(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }

    /// Hands over what has been written so far, for streaming; the writer carries on after it.
    mutating func takeText() -> String {
        defer { text = "" }
        return text
    }

    private mutating func raw(_ literal: String) {
        startValue()
        text += literal
    }

    /// A value: in an array it follows a comma after the first; after a key it follows the key.
    private mutating func startValue() {
        if awaitingValue {
            awaitingValue = false
        } else {
            startMember()
        }
    }

    private mutating func startMember() {
        guard let hasMembers = openContainers.last else { return }
        if hasMembers { text += "," }
        openContainers[openContainers.count - 1] = true
    }
}
