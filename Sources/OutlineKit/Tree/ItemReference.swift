/// How an item is named on a command line or in a script: by its id, or by a path of titles.
///
/// - `12` (digits only) is always an id; `0` and `root` name the invisible root.
/// - Anything else is a `TitlePath`: titles joined by `/`, such as `Groceries/Milk`; a leading
///   `/` anchors the first title at the top level.
///
/// `OutlineStore.resolve(_:)` turns a reference into an id.
public enum ItemReference: Equatable, Sendable, CustomStringConvertible {
    /// An item by its id (the root is 0).
    case id(ItemID)
    /// An item by the titles on its way down from the top (or from anywhere, unanchored).
    case path(TitlePath)

    /// Reads `text` as a reference.
    ///
    /// - Throws: `OutlineError.invalidReference` for an empty text, or a path with an empty title
    ///   in it (`A//B`, `Groceries/`).
    public init(parsing text: String) throws {
        if text == "root" {
            self = .id(.root)
        } else if !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) {
            guard let id = ItemID(text) else {
                throw OutlineError.invalidReference(text, reason: "the id is too large")
            }
            self = .id(id)
        } else {
            self = .path(try TitlePath(parsing: text))
        }
    }

    /// The reference as it would be typed.
    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .path(let path): path.description
        }
    }
}

/// Titles that name an item by the way down to it: `Groceries/Milk`, `/Work/Launch`.
///
/// Each title after the first names a child of the one before. A path with `isAnchored` starts at
/// the top level; one without may start at any item. In text, `\/` is a `/` inside a title, `\\`
/// a backslash, and a `\` before any other character stands for itself.
public struct TitlePath: Equatable, Sendable, CustomStringConvertible {
    /// Whether the first title is a top-level item's (the text began with `/`).
    public var isAnchored: Bool
    /// The titles, outermost first, unescaped.
    public var titles: [String]

    /// A path of `titles`, anchored at the top level or not.
    public init(titles: [String], isAnchored: Bool) {
        self.titles = titles
        self.isAnchored = isAnchored
    }

    /// Reads a path as typed, with its escapes.
    ///
    /// - Throws: `OutlineError.invalidReference` for an empty text or an empty title in it.
    public init(parsing text: String) throws {
        var titles: [String] = []
        var current = ""
        var scalars = text.unicodeScalars.makeIterator()
        var anchored = false
        var atStart = true
        while let scalar = scalars.next() {
            if atStart, scalar == "/" {
                anchored = true
                atStart = false
                continue
            }
            atStart = false
            switch scalar {
            case "\\":
                guard let next = scalars.next() else {
                    current.unicodeScalars.append(scalar)
                    break
                }
                if next != "/" && next != "\\" { current.unicodeScalars.append(scalar) }
                current.unicodeScalars.append(next)
            case "/":
                titles.append(current)
                current = ""
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        titles.append(current)
        if titles.contains(where: { $0.trimmingWhiteSpace().isEmpty }) {
            let reason =
                text.isEmpty || text == "/"
                ? "name an item by its id or its title" : "it has an empty title between slashes"
            throw OutlineError.invalidReference(text, reason: reason)
        }
        self.init(titles: titles.map { $0.trimmingWhiteSpace() }, isAnchored: anchored)
    }

    /// The path as it is typed: `/` between titles, `\/` and `\\` inside them, and a leading `/`
    /// when anchored. A printed path of an item is always anchored, and works as a reference.
    public var description: String {
        var text = isAnchored ? "/" : ""
        text.reserveCapacity(titles.reduce(1) { $0 + $1.utf8.count + 1 })
        for (index, title) in titles.enumerated() {
            if index > 0 { text += "/" }
            text += Self.escaped(title)
        }
        return text
    }

    /// `title` as it is written inside a path: `\` and `/` escaped.
    public static func escaped(_ title: String) -> String {
        // Bytes, not characters: a slash or backslash byte is always that character in UTF-8.
        guard title.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C }) else { return title }
        // Scalars, as `init(parsing:)` reads them (see `replacingScalars`).
        return title.replacingScalars { $0 == "/" ? "\\/" : $0 == "\\" ? "\\\\" : nil }
    }
}

/// One of the items an ambiguous reference names: its id and its printed path.
public struct ReferenceCandidate: Equatable, Sendable {
    /// The item's id.
    public var id: ItemID
    /// Its anchored path, as it would be typed (`/Groceries/Milk`).
    public var path: String

    /// A candidate `id` at `path`.
    public init(id: ItemID, path: String) {
        self.id = id
        self.path = path
    }
}
