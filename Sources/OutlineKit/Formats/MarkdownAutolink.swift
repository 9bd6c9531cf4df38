/// CommonMark's URI autolinks, `<scheme:address>`: every reader shows the address between the
/// brackets as it stands (no escape works inside), which is how the Markdown writer puts an
/// address GitHub must link as it is (`MarkdownURLRuns`), and how people write one.
enum MarkdownAutolink {
    /// Where the autolink that starts with the `<` at `start` ends (the index after its `>`),
    /// or nil when none starts there: a scheme of 2 to 32 letters, digits, `+`, `.` or `-`
    /// (a letter first), `:`, then anything but white space, control characters, `<` and `>`.
    static func end(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard scalars[start] == "<" else { return nil }
        var index = start + 1
        guard index < scalars.count, isASCIILetter(scalars[index]) else { return nil }
        while index < scalars.count,
            isASCIILetter(scalars[index]) || ("0"..."9").contains(scalars[index])
                || "+.-".unicodeScalars.contains(scalars[index])
        {
            index += 1
        }
        guard (2...32).contains(index - start - 1), index < scalars.count, scalars[index] == ":" else { return nil }
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" { return index + 1 }
            if scalar == "<" || scalar == " " || scalar.value < 0x20 || scalar.value == 0x7F { return nil }
            index += 1
        }
        return nil
    }

    /// Whether `scalar` is an ASCII letter.
    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
