/// Validation of item notes: Unicode text of any number of lines, without other control
/// characters, at most `maximumBytes`.
public enum Note {
    /// The largest note accepted, in UTF-8 bytes: 1 MiB.
    public static let maximumBytes = 1024 * 1024

    /// Returns the note as it is stored: line ends as `\n`, white space at its end trimmed; nil
    /// for a note that is empty once trimmed (no note).
    ///
    /// A `\r\n` line end (a file from Windows) is read as `\n`; any other control character but
    /// the tab is refused, a lone `\r` included, since a terminal would act on it.
    ///
    /// - Throws: `OutlineError.controlCharacterInNote`, `.noteTooLong`.
    public static func validated(_ raw: String) throws -> String? {
        var scalars = String.UnicodeScalarView()
        var line = 1
        var previous: Unicode.Scalar?
        for scalar in raw.unicodeScalars {
            defer { previous = scalar }
            if previous == "\r" {
                guard scalar == "\n" else {
                    throw OutlineError.controlCharacterInNote(line: line, scalar: 0x0D)
                }
            }
            switch scalar {
            case "\r": continue
            case "\n": line += 1
            case "\t": break
            default:
                if Title.isControl(scalar) {
                    throw OutlineError.controlCharacterInNote(line: line, scalar: scalar.value)
                }
            }
            scalars.append(scalar)
        }
        if previous == "\r" { throw OutlineError.controlCharacterInNote(line: line, scalar: 0x0D) }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        let note = String(scalars)
        if note.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.generalCategory == .format }) {
            return nil
        }
        let bytes = note.utf8.count
        if bytes > maximumBytes { throw OutlineError.noteTooLong(bytes: bytes, limit: maximumBytes) }
        return note
    }
}
