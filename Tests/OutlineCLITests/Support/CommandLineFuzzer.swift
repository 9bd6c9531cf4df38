import Foundation
import OutlineTestSupport

/// Makes random command lines and standard inputs for `outline`: mostly near-misses of real
/// commands (a real subcommand, real options, ids that exist), salted with the inputs that break
/// command-line tools: odd numbers, control and bidi characters, huge titles, stray dashes,
/// invalid UTF-8 and NUL bytes on standard input.
///
/// `watch` is left out: a valid one runs until interrupted, which is its job, not a hang.
struct CommandLineFuzzer {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    static let commands = [
        "add", "ls", "rm", "mv", "edit", "undo", "redo", "history", "check", "show", "find", "done", "reopen", "note",
        "cp", "sort",
    ]
    static let rareCommands = ["help", "--help", "-h", "--version", "frobnicate", "", "LS", "add\u{301}"]
    static let options = [
        "--under", "--at", "--before", "--after", "--depth", "--limit", "--json", "--tsv", "--sections", "--dry-run",
        "--open", "--notes", "--by", "--reverse",
        "--", "-", "--bogus", "-x", "--at=2", "--under=root", "--json=yes", "--help",
    ]
    static let oddNumbers = [
        "0", "root", "-1", "-0", "00", "+1", " 3", "3 ", "0x1", "1e2", "\u{0663}", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "99999999999999999999", "", "initial", "NaN", "1.5",
    ]
    static let titlePieces = [
        "Milk", "eggs", "a b", "张伟", "é", "e\u{301}", "👩‍👩‍👧", "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}",
        "\u{1B}[31m", "\u{7}", "\u{7F}", "\u{85}", "\t", "\n", "\r", "  ", "--x", "-", "\"", "'", "\\", "%s%n",
        "'; DROP TABLE item; --", "\u{FFFD}", "\u{10FFFF}", "ﷺ", "\u{2028}",
    ]

    /// One command line (without `--db`) and, sometimes, bytes for standard input.
    mutating func next(knownIDs: [Int64]) -> (arguments: [String], input: Data?) {
        var arguments = chance(2, in: 3) ? wellFormed(knownIDs) : jumbled(knownIDs)
        // A near-miss: one word of a sensible command line swapped for an odd one.
        if chance(1, in: 4), arguments.count > 1 {
            arguments[Int.random(in: 1..<arguments.count, using: &rng)] =
                chance(1, in: 2) ? Self.oddNumbers.randomElement(using: &rng)! : title()
        }
        return (arguments, chance(1, in: 3) ? standardInput() : nil)
    }

    /// A command line as a user would type it, with ids that exist.
    private mutating func wellFormed(_ knownIDs: [Int64]) -> [String] {
        let id = { (rng: inout SeededGenerator) in String(knownIDs.randomElement(using: &rng) ?? 1) }
        let ids = { (rng: inout SeededGenerator) in (0..<Int.random(in: 1...3, using: &rng)).map { _ in id(&rng) } }
        func place() -> [String] {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return []
            case 1: return ["--under", id(&rng)]
            case 2: return ["--under", id(&rng), "--at", String(Int.random(in: 1...3, using: &rng))]
            case 3: return ["--before", id(&rng)]
            default: return ["--after", id(&rng)]
            }
        }
        switch Self.commands.randomElement(using: &rng)! {
        case "add": return ["add"] + (0..<Int.random(in: 1...3, using: &rng)).map { _ in title() } + place()
        case "ls":
            var line = ["ls"]
            if chance(1, in: 2) { line.append(id(&rng)) }
            if chance(1, in: 3) { line += ["--depth", String(Int.random(in: 1...3, using: &rng))] }
            if let format = ["--tsv", "--json", "--sections", "--notes", "--open", nil].randomElement(using: &rng)! {
                line += format == "--sections" ? [format, "initial"] : [format]
            }
            return line
        case "rm": return ["rm"] + ids(&rng)
        case "mv": return ["mv"] + ids(&rng) + (chance(1, in: 3) ? ["--under", "0"] : place())
        case "edit": return ["edit", id(&rng), title()]
        case "show": return ["show", id(&rng)] + (chance(1, in: 2) ? ["--json"] : [])
        case "find":
            return ["find", title()] + (chance(1, in: 3) ? ["--open"] : []) + (chance(1, in: 3) ? ["--tsv"] : [])
        case "done", "reopen": return [chance(2, in: 3) ? "done" : "reopen"] + ids(&rng)
        case "note":
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return ["note", id(&rng)]
            case 1: return ["note", id(&rng), "-"]
            default: return ["note", id(&rng), title() + (chance(1, in: 2) ? "\n" + title() : "")]
            }
        case "cp": return ["cp"] + ids(&rng) + (chance(1, in: 3) ? ["--under", "0"] : place())
        case "sort":
            return ["sort", chance(1, in: 3) ? "0" : id(&rng)] + (chance(1, in: 2) ? ["--by", "state"] : [])
                + (chance(1, in: 3) ? ["--reverse"] : [])
        case "undo", "redo":
            let verb = chance(1, in: 2) ? "undo" : "redo"
            return [verb] + (chance(1, in: 3) ? [String(Int.random(in: 1...3, using: &rng))] : [])
                + (chance(1, in: 4) ? ["--dry-run"] : [])
        case "history":
            return ["history"] + (chance(1, in: 2) ? ["--limit", String(Int.random(in: 0...5, using: &rng))] : [])
        default: return ["check"]
        }
    }

    /// Words thrown together: a command (sometimes not one), options, numbers and titles.
    private mutating func jumbled(_ knownIDs: [Int64]) -> [String] {
        var arguments: [String] = [
            chance(1, in: 25)
                ? Self.rareCommands.randomElement(using: &rng)! : Self.commands.randomElement(using: &rng)!
        ]
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3:
                arguments.append(Self.options.randomElement(using: &rng)!)
                if chance(2, in: 3) { arguments.append(number(knownIDs)) }
            case 3..<6: arguments.append(number(knownIDs))
            default: arguments.append(title())
            }
        }
        if chance(1, in: 8) { arguments.shuffle(using: &rng) }
        return arguments
    }

    private mutating func chance(_ count: Int, in total: Int) -> Bool { Int.random(in: 0..<total, using: &rng) < count }

    private mutating func number(_ knownIDs: [Int64]) -> String {
        if chance(3, in: 5), let id = knownIDs.randomElement(using: &rng) { return String(id) }
        if chance(1, in: 3) { return String(Int.random(in: 1...9, using: &rng)) }
        return Self.oddNumbers.randomElement(using: &rng)!
    }

    /// A title from a few pieces; now and then one at, or just past, the 64 KiB limit.
    private mutating func title() -> String {
        if chance(1, in: 60) { return String(repeating: "x", count: 65_536 + Int.random(in: -1...1, using: &rng)) }
        return (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.titlePieces.randomElement(using: &rng)! }
            .joined()
    }

    private mutating func standardInput() -> Data {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            return Data((0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        case 1: return Data([0xEF, 0xBB, 0xBF]) + Data("first\r\nsecond\r\n".utf8)
        case 2: return Data("ok\nbad \u{0} nul\n".utf8) + Data([0xC3, 0x28, 0x0A])
        default:
            let lines = (0..<Int.random(in: 0...6, using: &rng)).map { _ in title() }
            return Data(lines.joined(separator: "\n").utf8)
        }
    }
}
