/// One way to finish a REF that is being typed, for shell completion.
public struct ReferenceCompletion: Equatable, Sendable {
    /// The REF as it would be typed, what was already typed included; or, `inPlaceOfTyped`, an
    /// anchored path to type instead.
    public var text: String
    /// What it names, for a person: an item's anchored path, or how many items share the title.
    public var description: String
    /// Whether a `/` and a child's title may follow `text`: an item it names has children, or
    /// it ends with a `/` itself. A shell leaves the space out after such a completion, as it
    /// does after a folder's name.
    public var continues: Bool
    /// Whether `text` replaces what was typed rather than continue it: the anchored paths the
    /// items of an ambiguous path are offered by (`/Books/Reading/` for `Reading/`).
    public var inPlaceOfTyped: Bool

    /// A completion that types `text`, described by `description`.
    public init(text: String, description: String, continues: Bool = false, inPlaceOfTyped: Bool = false) {
        self.text = text
        self.description = description
        self.continues = continues
        self.inPlaceOfTyped = inPlaceOfTyped
    }
}

/// A REF as far as it has been typed: the part before its last `/`, which names a parent, and
/// the start of a title after it.
struct PartialReference: Equatable {
    /// The text up to and including the last unescaped `/`; empty when there is none.
    var parentText: String
    /// The start of the last title, unescaped. A lone `\` at the end, the start of an escape not
    /// finished yet, is left out.
    var titlePrefix: String

    init(_ typed: String) {
        var lastSlashEnd = typed.startIndex
        var escaped = false
        for index in typed.unicodeScalars.indices {
            let scalar = typed.unicodeScalars[index]
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "/" {
                lastSlashEnd = typed.unicodeScalars.index(after: index)
            }
        }
        parentText = String(typed[..<lastSlashEnd])
        var prefix = ""
        var scalars = typed[lastSlashEnd...].unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                prefix.unicodeScalars.append(scalar)
                continue
            }
            guard let next = scalars.next() else { break }
            if next != "/" && next != "\\" { prefix.unicodeScalars.append(scalar) }
            prefix.unicodeScalars.append(next)
        }
        titlePrefix = prefix
    }

    /// Whether the parent part is just `/`: the top level.
    var isTopLevel: Bool { parentText == "/" }
}
