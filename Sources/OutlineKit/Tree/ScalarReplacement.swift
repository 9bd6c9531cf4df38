extension String {
    /// The text with each Unicode scalar for which `replacement` gives a string replaced by that
    /// string, and every other scalar kept.
    ///
    /// Scalars, not characters: `replacingOccurrences(of:with:)` compares characters, and a `/`,
    /// `&` or `'` that a combining mark (or a joiner, or a variation selector) follows is one
    /// character with it, so it was passed over. Printed paths then named other items, OPML
    /// came out with a bare `&`, and a shell word kept a quote unescaped.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let text = replacement(scalar) {
                result.append(contentsOf: text.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
