/// Minimal JSON text writing for streamed output, where building a whole `Encodable` tree first
/// would cost memory proportional to the outline.
public enum JSONText {
    /// A JSON string literal. Every control character, C1 controls included, is escaped, and so
    /// are bidirectional overrides and isolates, so the text is safe on a terminal too. Escapes
    /// lose nothing: a JSON reader gets the title back exactly.
    public static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if Title.isControl(scalar) || TitleSanitizer.isBidiControl(scalar) || Title.isLineSeparator(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A JSON array of ids: for output, and for SQLite's `json_each`, which takes any number of
    /// ids in one bound parameter.
    public static func array(_ ids: [ItemID]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// A JSON array of strings, for SQLite's `json_each`.
    static func array(_ strings: [String]) -> String {
        "[" + strings.map(quote).joined(separator: ",") + "]"
    }
}
