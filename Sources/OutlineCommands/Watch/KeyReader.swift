import Foundation

/// A key as `watch` and `tui` understand it: a plain byte, or one of the keys a terminal sends as
/// an escape sequence.
enum Key: Equatable {
    /// A key that sends one byte: a letter, space, a control character such as Ctrl-C (3), or
    /// one byte of a character that UTF-8 writes in several.
    case byte(UInt8)
    case up, down, left, right, pageUp, pageDown, home, end
    /// The Delete key (`ESC [ 3 ~`), not Backspace.
    case delete
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// Up or Down with Alt held (`ESC [ 1 ; 3 A`).
    case altUp, altDown
    /// Escape pressed on its own: no sequence followed it.
    case escape
    /// The start and end of pasted text, where the terminal brackets a paste (`ESC [ 200 ~`,
    /// `ESC [ 201 ~`): the keys between are text, not commands.
    case pasteStart, pasteEnd
    /// A sequence `watch` has no use for (left, right, function keys...), read whole so that
    /// none of its bytes counts as a key of its own.
    case other

    /// Ctrl-C as a byte, which arrives when the terminal does not turn it into SIGINT.
    static let controlC = Key.byte(3)
}

/// Turns the bytes a terminal sends into keys.
///
/// Arrows, Page Up/Down, Home and End come as escape sequences: `ESC [ A`, `ESC O A` (in the
/// terminal's application mode), `ESC [ 5 ~`, `ESC [ 1 ; 5 A` (with a modifier). A sequence may
/// arrive split across reads, so decoding stops before an unfinished one unless told the input
/// has paused, and only then is a trailing ESC a lone Escape.
enum KeyDecoder {
    static let escapeByte: UInt8 = 0x1B

    /// The keys in `bytes`, and how many bytes they used. With `inputPaused` false, an
    /// unfinished sequence at the end is left unused, for the next read to complete.
    static func decode(_ bytes: [UInt8], inputPaused: Bool) -> (keys: [Key], used: Int) {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == escapeByte else {
                keys.append(.byte(bytes[index]))
                index += 1
                continue
            }
            switch sequence(in: bytes, at: index) {
            case .complete(let key, let length):
                keys.append(key)
                index += length
            case .unfinished where !inputPaused:
                return (keys, index)
            case .unfinished where index + 1 < bytes.count:
                // The start of a sequence whose end never came: none of it is a key.
                keys.append(.other)
                index = bytes.count
            case .unfinished, .notASequence:
                // ESC alone, or followed by a byte that starts no sequence (Alt and a key, or
                // Escape and a key typed quickly): Escape, then that byte as a key of its own.
                keys.append(.escape)
                index += 1
            }
        }
        return (keys, index)
    }

    private enum Sequence {
        case complete(Key, length: Int)
        case unfinished
        case notASequence
    }

    /// What starts with the ESC at `start`.
    private static func sequence(in bytes: [UInt8], at start: Int) -> Sequence {
        guard start + 1 < bytes.count else { return .unfinished }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter and intermediate bytes (0x20-0x3F), then one final byte.
            var end = start + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return .unfinished }
            guard (0x40...0x7E).contains(bytes[end]) else { return .notASequence }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            return .complete(csiKey(final: bytes[end], parameters: parameters), length: end - start + 1)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .unfinished }
            return .complete(finalLetterKey(bytes[start + 2]) ?? .other, length: 3)
        case escapeByte:
            // Alt and an arrow, where the terminal sends Alt as an Escape before the key's own
            // sequence (xterm's metaSendsEscape, rxvt): ESC ESC [ A.
            switch sequence(in: bytes, at: start + 1) {
            case .unfinished: return .unfinished
            case .complete(.up, let length): return .complete(.altUp, length: length + 1)
            case .complete(.down, let length): return .complete(.altDown, length: length + 1)
            case .complete, .notASequence: return .notASequence
            }
        default:
            return .notASequence
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key {
        if final == UInt8(ascii: "~") {
            // The first parameter names the key; a modifier may follow after `;`.
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "3": return .delete
            case "200": return .pasteStart
            case "201": return .pasteEnd
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return .other
            }
        }
        let key = finalLetterKey(final) ?? .other
        // Alt adds 2 to the modifier parameter (`1;3`), with Shift or Ctrl beside it 4, 7 or 8.
        let altModifiers: Set<Substring> = ["3", "4", "7", "8"]
        if let modifier = parameters.split(separator: ";").dropFirst().first, altModifiers.contains(modifier) {
            switch key {
            case .up: return .altUp
            case .down: return .altDown
            default: break
            }
        }
        return key
    }

    private static func finalLetterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }
}

/// Reads keys from standard input, which the caller has put in non-canonical mode.
///
/// One read may bring several keys (a held-down j, a paste) or part of a sequence; the keys wait
/// in a queue, and the rest of a sequence is waited for a moment, not longer: a lone Escape must
/// not stall the screen.
final class KeyReader {
    /// How long to wait for the rest of an escape sequence. Terminals send one in a single write;
    /// over a slow link its bytes may come a little apart.
    static let sequenceWaitMilliseconds: Int32 = 50

    private var queued: [Key] = []
    private var unused: [UInt8] = []

    /// Whether a key read earlier is waiting to be taken.
    var hasQueuedKeys: Bool { !queued.isEmpty }

    /// The next queued key, if any.
    func nextQueuedKey() -> Key? { queued.isEmpty ? nil : queued.removeFirst() }

    /// Reads what standard input has (call when poll says it is readable) and returns the first
    /// key, queueing the rest; nil when the bytes made no key yet; `.endOfInput` when the
    /// terminal has gone.
    func readKeys() -> ReadResult {
        guard readAvailable() else { return .endOfInput }
        while true {
            var decoded = KeyDecoder.decode(unused, inputPaused: false)
            if decoded.used < unused.count {
                // An unfinished sequence: give its rest a moment to come.
                var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                if poll(&input, 1, Self.sequenceWaitMilliseconds) > 0 {
                    queued += decoded.keys
                    unused.removeFirst(decoded.used)
                    guard readAvailable() else { return .endOfInput }
                    continue
                }
                decoded = KeyDecoder.decode(unused, inputPaused: true)
            }
            queued += decoded.keys
            unused.removeFirst(decoded.used)
            return nextQueuedKey().map(ReadResult.key) ?? .nothing
        }
    }

    /// What one `readKeys` found.
    enum ReadResult: Equatable {
        case key(Key)
        case nothing
        case endOfInput
    }

    /// Appends what one read brings; false at the end of input or on an error other than a
    /// signal's interruption.
    private func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count > 0 {
            unused += buffer[..<count]
            return true
        }
        return count < 0 && (errno == EINTR || errno == EAGAIN)
    }
}
