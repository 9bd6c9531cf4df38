import ArgumentParser
import Foundation
import OutlineCommands
import OutlineKit

/// Writes the source of `FastParsers+Generated.swift` from the commands' own declarations: which
/// properties a command has and of which types (read by reflecting over an instance), and what
/// swift-argument-parser makes of them (names, optionality, defaults: its `--experimental-dump-help`
/// description, whose arguments come in the same order, an option group's in its place).
///
/// A command with anything the fast path does not handle (commands of its own, short or aliased
/// names, repeated options, another parsing strategy, an option group not in `groups`, a flag
/// that is not a `Bool`) gets no fast parser: the generated file says why, and
/// swift-argument-parser parses it.
enum FastParserGenerator {
    /// The generated file's path, from the package's root.
    static let path = "Sources/OutlineCommands/FastParsing/FastParsers+Generated.swift"

    /// The option groups the commands take, each filled by one generated function. (A group's
    /// type cannot be had from the command's property before parsing, only its name.)
    static let groups: [any ParsableArguments.Type] = [
        GlobalOptions.self, PlacementOptions.self, DepthOption.self, HistoryTravelOptions.self, AttributeOptions.self,
        FilterOptions.self,
    ]

    /// A command, or one of its arguments, that the fast path leaves to swift-argument-parser.
    struct Unsupported: Error {
        var reason: String
    }

    /// The whole file.
    static func source() -> String {
        var table: [String] = []
        var functions: [String] = []
        // Each group the commands take, with its arguments as the first command that takes it
        // describes them: filled by one function for all of them.
        var groupsUsed: [(type: String, arguments: [Declared])] = []
        for command in Outline.configuration.subcommands {
            let name = command.configuration.commandName ?? "?"
            do {
                let members = try self.members(of: command)
                functions.append(parser(for: command, named: name, members: members))
                let valueOptions = members.flatMap(\.arguments).filter { $0.kind == "option" }.flatMap(\.names)
                table.append("        (\(literal(name)), \(list(valueOptions)), \(functionName(name))),")
                for case .group(_, let type, let arguments) in members
                where !groupsUsed.contains(where: { $0.type == type }) {
                    groupsUsed.append((type, arguments))
                }
            } catch let unsupported as Unsupported {
                table.append("        // \(name): parsed by swift-argument-parser alone: \(unsupported.reason)")
            } catch {
                table.append("        // \(name): parsed by swift-argument-parser alone: \(error)")
            }
        }
        let groupFunctions = groupsUsed.map { groupFiller(type: $0.type, arguments: $0.arguments) }
        return """
            // Generated from the commands' declarations by scripts/generate-parsers
            // (Sources/GenerateParsers); do not edit. FastParsers says why.
            // swift-format-ignore-file

            import ArgumentParser
            import OutlineKit

            extension FastParsers {
                /// Each command's generated parser, by the command's name, with the long options
                /// it takes that take a value.
                static let generated: [(name: String, valueOptions: [String], parse: Parse)] = [
            \(table.joined(separator: "\n"))
                ]
            \(groupFunctions.joined())\(functions.joined())}

            """
    }

    /// One argument of a command or group: its property, what the parser calls it, and how it is
    /// filled.
    private struct Declared {
        var property: String
        var kind: String
        var valueType: String
        var names: [String]
        var description: [String: Any]

        /// An option that may be given more than once, each value added to its list.
        var isRepeating: Bool { description["isRepeating"] as? Bool == true }
    }

    /// One property of a command: an argument, or an option group of several.
    private enum Member {
        case argument(Declared)
        case group(property: String, type: String, arguments: [Declared])

        var arguments: [Declared] {
            switch self {
            case .argument(let argument): [argument]
            case .group(_, _, let arguments): arguments
            }
        }
    }

    private static func parser(for command: any ParsableCommand.Type, named name: String, members: [Member])
        -> String
    {
        let declared = members.flatMap(\.arguments)
        let options = declared.filter { $0.kind == "option" }.flatMap(\.names)
        let repeating = declared.filter { $0.kind == "option" && $0.isRepeating }.flatMap(\.names)
        let flags = declared.filter { $0.kind == "flag" }.flatMap(\.names)
        let repeatingList = repeating.isEmpty ? "" : ", repeating: \(list(repeating))"
        let takesOperands = declared.contains { $0.kind == "positional" }
        // The reading of the line and the check that no operand is left over are
        // `FastParsers.parse`'s, written once: here only what fills this command.
        var lines = [
            "",
            "    /// `\(name)`.",
            "    private static func \(functionName(name))(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {",
            "        try parse(arguments, into: \(typeName(command))(), options: \(list(options))\(repeatingList), flags: \(list(flags))) { command, line, \(takesOperands ? "operands" : "_") in",
        ]
        for member in members {
            switch member {
            case .argument(let argument):
                // Checked by `members(of:)`: every argument has an assignment.
                lines.append("            command.\(argument.property) = \(try! assignment(argument))")
            case .group(let property, let type, let arguments):
                let takesOperands = arguments.contains { $0.kind == "positional" }
                let call = "\(groupFunctionName(type))(line\(takesOperands ? ", &operands" : ""))"
                lines.append("            command.\(property) = try \(call)")
            }
        }
        lines += ["        }", "    }", ""]
        return lines.joined(separator: "\n")
    }

    /// The function that fills one option group from a command line, written once for all the
    /// commands that take the group.
    private static func groupFiller(type: String, arguments: [Declared]) -> String {
        let takesOperands = arguments.contains { $0.kind == "positional" }
        let operands = takesOperands ? ", _ operands: inout ArraySlice<String>" : ""
        var lines = [
            "",
            "    /// `\(type)`, for every command that takes it.",
            "    private static func \(groupFunctionName(type))(_ line: FastCommandLine\(operands)) throws -> \(type) {",
            "        var group = \(type)()",
        ]
        for argument in arguments {
            lines.append("        group.\(argument.property) = \(try! assignment(argument))")
        }
        lines += ["        return group", "    }", ""]
        return lines.joined(separator: "\n")
    }

    /// The command's properties, paired with the parser's description of each argument.
    private static func members(of command: any ParsableCommand.Type) throws -> [Member] {
        guard command.configuration.subcommands.isEmpty else { throw Unsupported(reason: "it has commands of its own") }
        var described = ParserDescription.arguments(of: command)
            .filter { argument in
                let preferred = (argument["preferredName"] as? [String: String])?["name"]
                return !(argument["kind"] as? String == "flag" && (preferred == "help" || preferred == "version"))
            }[...]
        var members: [Member] = []
        for (label, type) in properties(of: command.init()) {
            let (wrapper, valueType) = split(type)
            if wrapper == "ArgumentParser.OptionGroup" {
                guard let group = groups.first(where: { String(reflecting: $0) == valueType }) else {
                    throw Unsupported(reason: "\(label) is a group the generator does not know")
                }
                let groupProperties = properties(of: group.init())
                let arguments = try zip(groupProperties, described.prefix(groupProperties.count)).map(declared)
                described = described.dropFirst(groupProperties.count)
                members.append(.group(property: label, type: swiftName(valueType), arguments: arguments))
            } else {
                guard let description = described.popFirst() else {
                    throw Unsupported(reason: "\(label) is not among the arguments described")
                }
                members.append(.argument(try declared((label, type), description)))
            }
        }
        guard described.isEmpty else { throw Unsupported(reason: "\(described.count) arguments left undescribed") }
        for argument in members.flatMap(\.arguments) { _ = try assignment(argument) }
        return members
    }

    /// The property-wrapped properties of `value`, in declaration order: each one's name without
    /// the wrapper's underscore, and the wrapper's type name.
    private static func properties(of value: Any) -> [(String, String)] {
        Mirror(reflecting: value).children.compactMap { child -> (String, String)? in
            let type = String(reflecting: Swift.type(of: child.value))
            guard type.hasPrefix("ArgumentParser."), let label = child.label else { return nil }
            return (String(label.dropFirst()), type)
        }
    }

    /// One property and its description, checked to be something the fast path handles.
    private static func declared(_ property: (String, String), _ description: [String: Any]) throws -> Declared {
        let (wrapper, valueType) = split(property.1)
        let kind = description["kind"] as? String ?? "?"
        let expected = [
            "ArgumentParser.Option": "option", "ArgumentParser.Flag": "flag",
            "ArgumentParser.Argument": "positional",
        ]
        guard expected[wrapper] == kind else { throw Unsupported(reason: "\(property.0) is a \(wrapper)") }
        guard description["parsingStrategy"] as? String == "default" else {
            throw Unsupported(reason: "\(property.0) has its own parsing strategy")
        }
        let names = ParserDescription.names(of: description)
        guard names.allSatisfy({ $0.hasPrefix("--") }), names.count == (kind == "positional" ? 0 : 1) else {
            throw Unsupported(reason: "\(property.0) has names \(names)")
        }
        // A repeated option fills a list (`--tag a --tag b`); a repeated flag counts, which the
        // fast path does not do.
        let repeats = description["isRepeating"] as? Bool == true
        guard kind == "positional" || !repeats || (kind == "option" && split(valueType).0 == "Swift.Array") else {
            throw Unsupported(reason: "\(property.0) may be repeated")
        }
        return Declared(property: property.0, kind: kind, valueType: valueType, names: names, description: description)
    }

    /// What the generated code assigns to the argument's property.
    private static func assignment(_ argument: Declared) throws -> String {
        let defaultValue = argument.description["defaultValue"] as? String
        let isOptional = argument.description["isOptional"] as? Bool ?? false
        if argument.kind == "flag" {
            guard argument.valueType == "Swift.Bool" else { throw Unsupported(reason: "\(argument.property) counts") }
            return "line.has(\(literal(argument.names[0])))"
        }
        let (container, element) = split(argument.valueType)
        if argument.kind == "option" {
            let name = literal(argument.names[0])
            if argument.isRepeating { return "try line.values(of: \(name), \(conversion(element)))" }
            if container == "Swift.Optional" { return "try line.value(of: \(name), \(conversion(element)))" }
            let given = "try line.value(of: \(name), \(conversion(argument.valueType)))"
            if let defaultValue {
                return given + " ?? FastValue.converted(\(literal(defaultValue)), \(conversion(argument.valueType)))"
            }
            return "try FastValue.required(\(given.dropFirst(4)))"
        }
        switch container {
        case "Swift.Optional":
            return "try FastValue.next(&operands, \(conversion(element)))"
        case "Swift.Array":
            guard defaultValue == nil || defaultValue == "[]" || defaultValue == "" else {
                throw Unsupported(reason: "\(argument.property) has a default list")
            }
            return "try FastValue.rest(&operands, required: \(!isOptional), \(conversion(element)))"
        default:
            let next = "try FastValue.next(&operands, \(conversion(argument.valueType)))"
            if let defaultValue {
                return next + " ?? FastValue.converted(\(literal(defaultValue)), \(conversion(argument.valueType)))"
            }
            return "try FastValue.required(\(next.dropFirst(4)))"
        }
    }

    /// How a value of `type` is read from its text: as swift-argument-parser reads it, through
    /// `init(argument:)`, except references, which every command reads through
    /// `ItemReference.argument` (its `transform:`).
    private static func conversion(_ type: String) -> String {
        switch type {
        case "Swift.String": "FastValue.text"
        case "OutlineKit.ItemReference": "ItemReference.argument"
        default: "\(swiftName(type)).init(argument:)"
        }
    }

    /// `Outline.List.SectionOption` for `OutlineCommands.Outline.List.SectionOption`, `Int` for
    /// `Swift.Int`.
    private static func swiftName(_ type: String) -> String {
        for module in ["OutlineCommands.", "Swift."] where type.hasPrefix(module) {
            return String(type.dropFirst(module.count))
        }
        return type
    }

    private static func typeName(_ command: any ParsableCommand.Type) -> String {
        swiftName(String(reflecting: command))
    }

    /// `("Swift.Optional", "Swift.Int")` for `Swift.Optional<Swift.Int>`; the type itself and
    /// nothing for a type that is not generic.
    private static func split(_ type: String) -> (String, String) {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return (type, "") }
        return (String(type[..<open]), String(type[type.index(after: open)..<type.index(before: type.endIndex)]))
    }

    /// `parseAdd` for `add`.
    private static func functionName(_ command: String) -> String {
        "parse" + command.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `globalOptions` for `GlobalOptions`.
    private static func groupFunctionName(_ type: String) -> String {
        type.prefix(1).lowercased() + type.dropFirst()
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(literal).joined(separator: ", ") + "]" }

    /// A Swift string literal of `text` (names and defaults: no quotes or backslashes to escape,
    /// but escaped all the same).
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingScalars { $0 == "\\" || $0 == "\"" ? "\\\($0)" : nil } + "\""
    }
}
