import OutlineKit

/// One row of the watch screen, built from pieces that may be styled, and cut as a whole to the
/// terminal's width by `TerminalWidth`, so that no row ever wraps onto the next.
struct ScreenLine {
    enum Style {
        case plain, dim, bold
        /// An SGR foreground colour, such as 31 for red.
        case colour(Int)

        /// `text` with the style's escape sequences around it, where colour is used at all.
        func apply(to text: String) -> String {
            switch self {
            case .plain: text
            case .dim: Terminal.dim(text)
            case .bold: Terminal.bold(text)
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
