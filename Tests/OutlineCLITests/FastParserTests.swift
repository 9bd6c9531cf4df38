import ArgumentParser
import Foundation
import OutlineTestSupport
import Testing

@testable import GenerateParsers
@testable import OutlineCommands

/// The fast path (`FastParsers`) must parse every line it accepts to the command
/// swift-argument-parser makes of it, and be generated from the commands as they are now.
@Suite("Generated command-line parsers")
struct FastParserTests {
    /// The checked-in file is what the generator (`swift run GenerateParsers`, through
    /// scripts/generate-parsers) writes now.
    @Test func theGeneratedParsersAreCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = root.appendingPathComponent(FastParserGenerator.path)
        let generated = FastParserGenerator.source()
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(current == generated, "\(FastParserGenerator.path) is stale: run scripts/generate-parsers")
    }

    /// Every command without commands of its own has a fast parser; `sync` has none.
    /// The generator reads swift-argument-parser's `_dumpHelp()`, an underscored interface that
    /// any release may change; Package.swift holds the dependency to the minor version checked.
    /// This says, in so many words, when an upgrade changed what the generator reads.
    @Test func theParsersOwnDescriptionIsReadAsBefore() {
        let arguments = ParserDescription.arguments(of: Outline.Add.self)
        let names = arguments.flatMap(ParserDescription.names(of:))
        #expect(
            ["--under", "--at", "--before", "--after", "--db", "--json", "-h", "--help"].allSatisfy(names.contains))
        #expect(arguments.contains { $0["kind"] as? String == "positional" })
        #expect(arguments.contains { $0["kind"] as? String == "option" && $0["isRepeating"] as? Bool == false })
    }

    @Test func theLeafCommandsHaveFastParsers() {
        let leaves = Outline.configuration.subcommands.filter { $0.configuration.subcommands.isEmpty }
            .compactMap { $0.configuration.commandName }
        #expect(FastParsers.generated.map(\.name) == leaves)
    }

    /// `outline --version` prints what the parser would.
    @Test func theVersionIsTheParsers() throws {
        var message: String?
        do {
            _ = try Outline.parseAsRoot(["--version"])
        } catch {
            message = Outline.message(for: error)
        }
        #expect(FastParsers.version(["--version"]) == message)
        #expect(message == "0.1.0")
        #expect(FastParsers.version(["--version", "x"]) == nil)
        #expect(FastParsers.version(["ls", "--version"]) == nil)
    }

    /// Random command lines of every command, plain and odd: where the fast path gives a
    /// command, swift-argument-parser gives the same one (compared by their descriptions, which
    /// show every parsed value). Each command must also take the fast path for some lines, or the
    /// test would pass with a fast path that never answers. A hundred lines a command, four
    /// hundred in the soak run.
    @Test func randomLinesParseAsTheParserParsesThem() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var handledByCommand: [String: Int] = [:]
        var total = 0
        for (name, _, _) in FastParsers.generated {
            let shape = Shape(name)
            for _ in 0..<(Soak.isOn ? 400 : 100) {
                let line = shape.randomLine(using: &random)
                let arguments = GlobalOptionPlacement.movedAfterSubcommand(line)
                total += 1
                guard let fast = FastParsers.parse(arguments) else { continue }
                handledByCommand[name, default: 0] += 1
                let full: any ParsableCommand
                do {
                    full = try CommandLineRunner.parse(arguments)
                } catch {
                    Issue.record("seed \(seed): \(line) parsed fast, but the parser refused it: \(error)")
                    continue
                }
                #expect(
                    String(describing: fast) == String(describing: full),
                    "seed \(seed): \(line)\nfast:   \(fast)\nparser: \(full)")
            }
        }
        let unhandled = FastParsers.generated.map(\.name).filter { handledByCommand[$0, default: 0] == 0 }
        #expect(unhandled.isEmpty, "seed \(seed): never took the fast path: \(unhandled)")
        let handled = handledByCommand.values.reduce(0, +)
        #expect(handled * 4 > total, "seed \(seed): only \(handled) of \(total) lines took the fast path")
    }

    /// Lines the fast path must leave to the parser, whatever the command.
    @Test func oddLinesGoToTheParser() {
        let lines: [[String]] = [
            ["add", "-x", "t"], ["add", "t", "--under"], ["add", "t", "--under", "--", "x"],
            ["add", "t", "--under", "1", "--under", "2"], ["add", "t", "--under="], ["ls", "--json=1"],
            ["ls", "--json", "--json"], ["add", "help"], ["ls", "-h"], ["add", "t", "--help"],
            ["show"], ["show", "1", "2"], ["history", "--limit", "x"], ["ls", "---x"],
            ["add", "t", "--at", "-1"], ["ls", "--sections", "nope"], ["add", "--under\u{301}", "1", "t"],
            ["undo", "0"], ["ls", "--tsv", "--json"], ["sync", "status"], ["frobnicate"], [],
        ]
        for line in lines {
            #expect(FastParsers.parse(line) == nil, "\(line)")
        }
    }
}

/// What one command takes, read from the parser's description, and random lines made of it.
private struct Shape {
    var name: String
    var options: [String] = []
    var flags: [String] = []
    var operands = 0

    init(_ name: String) {
        self.name = name
        for argument in ParserDescription.arguments(of: Outline.subcommand(named: name)!) {
            let names = ParserDescription.names(of: argument)
            switch argument["kind"] as? String {
            case "option": options += names
            case "flag": flags += names.filter { $0 != "--help" && $0 != "-h" && $0 != "--version" }
            default: operands += 1
            }
        }
    }

    /// Values of every kind the commands read: references plain and malformed, numbers, format
    /// and key names, texts that look like options, and Unicode that Characters treat apart.
    static let values = [
        "3", "0", "1", "root", "Groceries/Milk", "/2026", "a\\/b", "x//y", "-", "", "--", "-5", "abc", "7",
        "99999999999999999999", "initial", "markdown", "opml", "org", "title", "created", "é", "e\u{301}",
        "-\u{301}x", "=", "a=b", "--json", "-h", "t", "Milk", "2",
    ]

    /// Values that most commands take, so that many lines take the fast path.
    static let plainValues = ["1", "2", "3", "Milk", "t", "Groceries/Milk"]

    func randomLine(using random: inout SeededGenerator) -> [String] {
        var groups: [[String]] = []
        let value = { (random: inout SeededGenerator) in
            (Int.random(in: 0..<4, using: &random) > 0 ? Self.plainValues : Self.values).randomElement(using: &random)!
        }
        for option in options where Int.random(in: 0..<10, using: &random) < 3 {
            let text = value(&random)
            groups.append(Bool.random(using: &random) ? [option, text] : [option + "=" + text])
        }
        for flag in flags where Int.random(in: 0..<10, using: &random) < 3 {
            groups.append(Int.random(in: 0..<10, using: &random) == 0 ? [flag + "=1"] : [flag])
        }
        let extra = Int.random(in: 0..<4, using: &random) == 0 ? 2 : 0
        for _ in 0..<Int.random(in: 0...(operands + extra), using: &random) {
            groups.append([value(&random)])
        }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: groups.append(["--bogus"])
        case 1: groups.append([options.randomElement(using: &random) ?? "--db", "1"])
        case 2: groups.append(["-h"])
        default: break
        }
        groups.shuffle(using: &random)
        var line = [name] + groups.flatMap { $0 }
        if Int.random(in: 0..<6, using: &random) == 0 {
            line.insert("--", at: Int.random(in: 1...line.count, using: &random))
        }
        if Int.random(in: 0..<6, using: &random) == 0 {
            line = ["--db", "x.db"] + line
        }
        return line
    }
}
