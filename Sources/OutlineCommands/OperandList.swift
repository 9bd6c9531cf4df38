import ArgumentParser
import OutlineKit

/// A command whose operands may number in the tens of thousands: `add`'s titles, `rm`'s and
/// `mv`'s items.
///
/// swift-argument-parser 1.8 takes time quadratic in the number of positional arguments (each one
/// it consumes copies the rest of the list; Docs/performance.md, "Long argument lists"). The
/// runner therefore hands the parser the options and one operand, and the command all of its
/// operands afterwards, through `setOperands`.
protocol TakesOperandList: ParsableCommand {
    /// Whether the parser would accept `text` as an operand; the runner shows the parser the
    /// first one it would not, so that its error message is the parser's own.
    static func acceptsOperand(_ text: String) -> Bool

    /// Replaces the operands the parser saw with all of them, in order.
    mutating func setOperands(_ operands: [String])
}

extension TakesOperandList {
    static func acceptsOperand(_ text: String) -> Bool { true }
}

/// `rm` and `mv`: commands whose operands are item references.
protocol TakesItemReferences: TakesOperandList {
    var items: [ItemReference] { get set }
}

extension TakesItemReferences where Self: TakesGlobalOptions {
    /// `rm`, `done` and `reopen`: opens the database, resolves the items, makes `change` to them
    /// as one step (reporting its changes for `--json`), and prints what it did.
    func change(_ items: [ItemReference], by change: (OutlineStore, [ItemID], _ reporting: Bool) throws -> ChangeResult)
        throws
    {
        let store = try global.openStore()
        let result = try change(store, try store.resolve(items), global.json)
        ChangeOutput.print(result, json: global.json)
    }
}

extension TakesItemReferences {
    static func acceptsOperand(_ text: String) -> Bool { (try? ItemReference(parsing: text)) != nil }

    mutating func setOperands(_ operands: [String]) {
        // Every operand passed `acceptsOperand`, or the parser refused the first one that did not.
        items = operands.map { try! ItemReference(parsing: $0) }
    }
}

/// The command line of one subcommand, split into what the parser must see and the operands.
struct OperandSplit {
    /// Options with their values, and at most one operand (after `--`) to stand for them all.
    var forParser: [String]
    var operands: [String]

    /// Splits `arguments` (those after the subcommand's name).
    ///
    /// An argument is an operand if it does not start with `-` (or is `-` itself) and is not the
    /// value of an option that takes one, or if it comes after `--`. Everything else goes to the
    /// parser untouched, so unknown options are still its to refuse.
    init(_ arguments: [String], for command: any TakesOperandList.Type) {
        var options: [String] = []
        var operands: [String] = []
        // The long options that take a value, so that a value is not taken for an operand.
        // `CommandNamesTests` checks them against the parser's own.
        let name = command.configuration.commandName ?? ""
        let optionsWithValues = FastParsers.valueOptions(of: name)
        #if DEBUG
            FastParsers.requireCurrentValueOptions(optionsWithValues, of: command, name: name)
        #endif
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                operands += arguments[(index + 1)...]
                break
            }
            if !ParserDescription.readsAsValue(argument) {
                options.append(argument)
                if optionsWithValues.contains(argument), index + 1 < arguments.count {
                    options.append(arguments[index + 1])
                    index += 1
                }
            } else {
                operands.append(argument)
            }
            index += 1
        }
        let representative = operands.first { !command.acceptsOperand($0) } ?? operands.first
        forParser = options + (representative.map { ["--", $0] } ?? [])
        self.operands = operands
    }
}
