import Foundation

/// A title's HTML as OPML's `text` holds it, made the outline's text: Workflowy, Dynalist and
/// pandoc write a title's formatting as HTML there. A link keeps its address as Markdown,
/// `[text](url)` (the text alone when it is the address); a `<br>` is a space (a title is one
/// line); other marks (bold, italic, colours)
/// are dropped and counted, so that the import can say so; character references and HTML 4's
/// named ones are decoded.
struct OPMLTitleHTML {
    /// How many bold and italic marks (`<b>`, `<strong>`, `<i>`, `<em>`) were dropped.
    var droppedEmphasis = 0
    /// How many other marks (`<u>`, `<s>`, `<span class="colored">`, a link without an address)
    /// were dropped.
    var droppedOther = 0

    /// `html` as text.
    mutating func text(_ html: String) -> String {
        guard html.utf8.contains(where: { $0 == 0x3C || $0 == 0x26 }) else { return html }
        // Scalars, not characters: a `;` or `<` that a combining mark follows is one character
        // with it, and `&amp;` before such a mark was not read as an entity.
        let scalars = Array(html.unicodeScalars)
        var out: [Unicode.Scalar] = []
        // The links open, each with where its text starts in `out` and its address.
        var links: [(start: Int, href: String)] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // A tag starts with a letter, / or !: in "1 < 2 and 3 > 2" nothing is one.
            if scalar == "<", index + 1 < scalars.count,
                scalars[index + 1].properties.isAlphabetic || scalars[index + 1] == "/" || scalars[index + 1] == "!",
                let close = scalars[index...].firstIndex(of: ">")
            {
                let tag = Array(scalars[(index + 1)..<close])
                index = close + 1
                if Self.isLineBreak(tag) {
                    // A title is one line: the break is a space, one with the spaces around
                    // it, as HTML shows them.
                    if let last = out.last, last != " " { out.append(" ") }
                    while index < scalars.count, scalars[index] == " " { index += 1 }
                    continue
                }
                readTag(tag, out: &out, links: &links)
                continue
            }
            if scalar == "&", let semicolon = scalars[index...].prefix(12).firstIndex(of: ";"),
                let decoded = Self.entity(String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon])))
            {
                out.append(decoded)
                index = semicolon + 1
                continue
            }
            out.append(scalar)
            index += 1
        }
        return String(String.UnicodeScalarView(out))
    }

    /// Whether the tag is `<br>`, `<br/>` or `<br />` (any case).
    private static func isLineBreak(_ tag: [Unicode.Scalar]) -> Bool {
        let name = String(String.UnicodeScalarView(tag.prefix { $0 != " " && $0 != "/" })).lowercased()
        return name == "br"
    }

    /// Acts on one tag, given what lies between its `<` and `>`.
    private mutating func readTag(
        _ tag: [Unicode.Scalar], out: inout [Unicode.Scalar], links: inout [(start: Int, href: String)]
    ) {
        if tag.first == "!" { return }  // a comment or declaration: nothing to show
        let closing = tag.first == "/"
        let name = String(
            String.UnicodeScalarView(
                tag.drop { $0 == "/" }.prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        ).lowercased()
        switch name {
        case "a" where closing:
            guard let link = links.popLast() else { return }
            let text = String(String.UnicodeScalarView(out[link.start...]))
            out.removeSubrange(link.start...)
            let written = text == link.href || text.isEmpty ? link.href : "[\(text)](\(Self.destination(link.href)))"
            out.append(contentsOf: written.unicodeScalars)
        case "a":
            if let href = Self.attribute("href", in: tag), !href.isEmpty {
                links.append((out.count, href))
            } else {
                droppedOther += 1
            }
        case _ where closing: return
        case "b", "strong", "i", "em": droppedEmphasis += 1
        default: droppedOther += 1
        }
    }

    /// A link's address as a Markdown destination: in `<...>` when it holds a space or a
    /// parenthesis, which would end it early.
    private static func destination(_ href: String) -> String {
        href.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<\(href)>" : href
    }

    /// The value of the attribute `name` in a tag (`a href="..."`), quoted or not, entities
    /// decoded.
    private static func attribute(_ name: String, in tag: [Unicode.Scalar]) -> String? {
        let text = String(String.UnicodeScalarView(tag))
        guard
            let range = text.range(of: name + "=", options: .caseInsensitive)
                ?? text.range(of: name + " =", options: .caseInsensitive)
        else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " }
        let value: Substring
        if let quote = rest.first, quote == "\"" || quote == "'" {
            rest = rest.dropFirst()
            value = rest.prefix { $0 != quote }
        } else {
            value = rest.prefix { $0 != " " && $0 != "/" }
        }
        var decoder = OPMLTitleHTML()
        return decoder.text(String(value))
    }

    /// The scalar an entity's name (between `&` and `;`) stands for: HTML 4's named ones, XML's
    /// `apos`, and character references; nil for any other name, which stays as it is written.
    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "apos": return "'"
        default:
            if let value = HTMLNamedCharacters.codePoints[name] { return Unicode.Scalar(value) }
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
