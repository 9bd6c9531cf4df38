import OutlineKit

/// One row of the watch or outliner screen, built from pieces that may be styled, and cut as a whole to the
/// terminal's width by `TerminalWidth`, so that no row ever wraps onto the next.
struct ScreenLine {
    enum Style {
        case plain, dim, bold
        /// Reverse video (the outliner's cursor) and underline (a title being typed): no colour,
        /// so shown with NO_COLOR too, but not on a terminal that has no attributes at all.
        case reverse, underline
        /// An SGR foreground colour, such as 31 for red.
        case colour(Int)

        /// `text` with the style's escape sequences around it, where colour is used at all.
        func apply(to text: String) -> String {
            switch self {
            case .plain: text
            case .dim: Terminal.dim(text)
            case .bold: Terminal.bold(text)
            case .reverse: Terminal.usesAttributes && !text.isEmpty ? "\u{1B}[7m\(text)\u{1B}[27m" : text
            case .underline: Terminal.usesAttributes && !text.isEmpty ? "\u{1B}[4m\(text)\u{1B}[24m" : text
            case .colour(let code): Terminal.usesColour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[39m" : text
            }
        }
    }

    private var pieces: [(text: String, style: Style)] = []

    init(_ text: String = "", _ style: Style = .plain) {
        if !text.isEmpty { pieces.append((text, style)) }
    }

    mutating func append(_ text: String, _ style: Style = .plain) {
        pieces.append((text, style))
    }

    /// How many columns the row takes before any cut.
    var width: Int { pieces.reduce(0) { $0 + TerminalWidth.columns(of: $1.text) } }

    /// The row, styled, at most `columns` wide: the piece that reaches the edge is cut with `…`
    /// and the pieces after it are left out.
    func rendered(columns: Int) -> String {
        var room = columns
        var result = ""
        for (text, style) in pieces {
            let width = TerminalWidth.columns(of: text)
            if width <= room {
                result += style.apply(to: text)
                room -= width
            } else {
                result += style.apply(to: TerminalWidth.cut(text, to: room))
                break
            }
        }
        return result
    }
}
