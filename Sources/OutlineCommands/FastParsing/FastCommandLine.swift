/// One command's arguments, split as swift-argument-parser splits them, for the plain command
/// lines that scripts type: long options the command declares, each at most once, with their
/// values, flags, and operands.
///
/// It answers only where swift-argument-parser's answer is certain to be the same. Anything else
/// (a short option, an unknown name, a missing value, an option given twice, `--name=` with
/// nothing after it) makes `init` return nil, and the runner hands the line to the parser, whose
/// error messages and rules stay the only ones (`FastParsers`).
struct FastCommandLine {
    /// The options given with their values (`--under 3`, `--under=3`), in command-line order.
    private var values: [(name: String, value: String)] = []
    /// The flags given (`--json`).
    private var flags: [String] = []
    /// The operands, in order; everything after `--` is one.
    private(set) var operands: [String] = []

    /// Splits `arguments` (those after the command's name), knowing the command's long options
    /// that take a value, those of them that may be given more than once (`--tag a --tag b`), and
    /// its flags (each `--name`); nil where the parser must decide.
    init?(
        _ arguments: ArraySlice<String>, options optionNames: [String], repeating repeatingNames: [String] = [],
        flags flagNames: [String]
    ) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                operands += arguments[index...]
                break
            }
            if ParserDescription.readsAsValue(argument) {
                operands.append(argument)
                continue
            }
            // Compared by Character, as the parser compares: `--under=` followed by a combining
            // mark holds no `=` for it, and neither does it here.
            guard argument.hasPrefix("--") else { return nil }
            let equals = argument.firstIndex(of: "=")
            let name = String(argument[..<(equals ?? argument.endIndex)])
            if flagNames.contains(name) {
                guard equals == nil, !flags.contains(name) else { return nil }
                flags.append(name)
                continue
            }
            guard optionNames.contains(name),
                repeatingNames.contains(name) || !values.contains(where: { $0.name == name })
            else { return nil }
            if let equals {
                let value = String(argument[argument.index(after: equals)...])
                // `--under=` with nothing after it takes the next argument as its value.
                guard !value.isEmpty else { return nil }
                values.append((name, value))
            } else {
                guard index < arguments.endIndex, ParserDescription.readsAsValue(arguments[index]) else { return nil }
                values.append((name, arguments[index]))
                index += 1
            }
        }
    }

    /// Whether the flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Every value of the repeatable option `name`, converted, in command-line order.
    /// Throws `FastValue.Unhandled` if the conversion refuses one: the parser will say why.
    func values<T>(of name: String, _ convert: (String) throws -> T?) throws -> [T] {
        try values.filter { $0.name == name }.map { try FastValue.converted($0.value, convert) }
    }

    /// The value of the option `name`, converted; nil if it was not given.
    /// Throws `FastValue.Unhandled` if the conversion refuses it: the parser will say why.
    func value<T>(of name: String, _ convert: (String) throws -> T?) throws -> T? {
        guard let text = values.first(where: { $0.name == name })?.value else { return nil }
        return try FastValue.converted(text, convert)
    }
}

/// Conversions and defaults for the generated parsers (`FastParsers+Generated.swift`).
enum FastValue {
    /// The fast path cannot answer; the parser will (with its own message, if it is an error).
    struct Unhandled: Error {}

    /// A `String` value, as it is.
    static func text(_ text: String) -> String? { text }

    /// `text` converted, or `Unhandled`.
    static func converted<T>(_ text: String, _ convert: (String) throws -> T?) throws -> T {
        guard let value = try convert(text) else { throw Unhandled() }
        return value
    }

    /// A value that must be there: a required option or operand the command line left out.
    static func required<T>(_ value: T?) throws -> T {
        guard let value else { throw Unhandled() }
        return value
    }

    /// The next operand, converted, if there is one.
    static func next<T>(_ operands: inout ArraySlice<String>, _ convert: (String) throws -> T?) throws -> T? {
        guard let text = operands.popFirst() else { return nil }
        return try converted(text, convert)
    }

    /// All the remaining operands, converted; `Unhandled` if there are none and some are required.
    static func rest<T>(_ operands: inout ArraySlice<String>, required: Bool, _ convert: (String) throws -> T?)
        throws -> [T]
    {
        if required && operands.isEmpty { throw Unhandled() }
        defer { operands = [] }
        return try operands.map { try converted($0, convert) }
    }
}
