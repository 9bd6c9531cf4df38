import OutlineKit

/// The one writer of JSON in the executable: every command's `--json` output goes through it.
///
/// It places commas and closes what it opened, so that no function leaves an object open for its
/// caller to finish. The document accumulates as UTF-8 bytes, which are cheaper to append than a
/// `String` piece by piece (Docs/performance.md, "One JSON writer"); a long listing hands them to
/// standard output as it goes (`takeBytes()`), so that memory does not grow with the outline.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// One entry per open object or array: whether it has a member yet (a comma before the next).
    private var openContainers: [Bool] = []
    /// A key was just written: the next value is its value, with no comma before it.
    private var awaitingValue = false

    /// The document so far, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether every object and array opened has been closed.
    var isComplete: Bool { openContainers.isEmpty }

    /// Writes one object, its members written by `members`, as a line of standard output.
    static func printObject(_ members: (inout JSONWriter) -> Void) {
        var json = JSONWriter()
        json.openObject()
        members(&json)
        json.closeObject()
        StandardOutput.shared.write(bytes: json.bytes)
        StandardOutput.shared.write("\n")
    }

    /// Writes an array of objects, one for each of `elements`, whose members `members` writes.
    mutating func writeObjects<Elements: Sequence>(
        _ elements: Elements, _ members: (inout JSONWriter, Elements.Element) -> Void
    ) {
        openArray()
        for element in elements {
            openObject()
            members(&self, element)
            closeObject()
        }
        closeArray()
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }

    mutating func closeObject() { close(UInt8(ascii: "}")) }

    mutating func openArray() { open(UInt8(ascii: "[")) }

    mutating func closeArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        openContainers.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        openContainers.removeLast()
    }

    /// Starts a member of the open object: the value written next is its value. Keys are this
    /// program's own names (`"id"`, `"title"`), plain ASCII with nothing to escape, so they are
    /// written as they are.
    mutating func key(_ name: StaticString) {
        startMember()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        awaitingValue = true
    }

    /// Starts a member whose key is data (a property's key), escaped as any string is.
    mutating func key(text name: String) {
        startMember()
        JSONText.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        awaitingValue = true
    }

    /// Writes members made by another writer (`"a":1,"b":null`) into the open object, as one
    /// run of bytes.
    mutating func members(_ written: [UInt8]) {
        startMember()
        bytes.append(contentsOf: written)
    }

    mutating func null() { raw("null") }

    mutating func value(_ number: Int64?) {
        guard let number else { return null() }
        startValue()
        JSONText.appendNumber(number, to: &bytes)
    }

    mutating func value(_ number: Int?) { value(number.map(Int64.init)) }
    mutating func value(_ flag: Bool) { raw(flag ? "true" : "false") }

    mutating func value(_ string: String?) {
        guard let string else { return null() }
        startValue()
        JSONText.appendQuoted(string, to: &bytes)
    }

    /// An array of ids, or null.
    mutating func value(_ ids: [ItemID]?) { raw(ids.map(JSONText.array) ?? "null") }

    /// `key` and its value in one call.
    mutating func field(_ name: StaticString, _ string: String?) {
        key(name)
        value(string)
    }

    mutating func field(_ name: StaticString, _ number: Int64?) {
        key(name)
        value(number)
    }

    mutating func field(_ name: StaticString, _ number: Int?) {
        key(name)
        value(number)
    }

    mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    /// Hands over what has been written so far, for streaming; the writer carries on after it.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func raw(_ literal: String) {
        startValue()
        bytes.append(contentsOf: literal.utf8)
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
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        openContainers[openContainers.count - 1] = true
    }
}
