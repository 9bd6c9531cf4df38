import ArgumentParser
import Foundation
import OutlineKit

/// Runs one command line and maps its outcome to SPEC's exit statuses:
/// 0 done, 1 refused or failed, 64 the command line itself is wrong.
///
/// We do not use `ParsableCommand.main()`: it prints multi-line usage after an error, where SPEC
/// asks for one line starting `error: `.
enum CommandLineRunner {
    static func run(arguments: [String]) -> Never {
        do {
            var command = try Outline.parseAsRoot(GlobalOptionPlacement.movedAfterSubcommand(arguments))
            try command.run()
            StandardOutput.shared.flush()
            exit(0)
        } catch {
            StandardOutput.shared.flush()
            exit(report(error, arguments: arguments))
        }
    }

    /// Prints the error (or the help text it stands for) and returns the exit status.
    private static func report(_ error: Error, arguments: [String]) -> Int32 {
        switch error {
        case let error as OutlineError:
            printError(error.message)
            return 1
        case let failure as CommandFailure:
            printError(failure.message)
            return 1
        case let code as ExitCode:
            return code.rawValue
        default:
            let code = Outline.exitCode(for: error)
            if code == .success {
                // --help, --version and completion scripts arrive as errors; they print to stdout.
                Outline.exit(withError: error)
            }
            let message = Outline.message(for: error)
            printError(oneLine(message) + usageHint(for: code, arguments: arguments))
            return code.rawValue
        }
    }

    /// ArgumentParser's messages start with a capital and may span lines; SPEC wants one line.
    private static func oneLine(_ message: String) -> String {
        let firstLine =
            message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "failed"
        let trimmed = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    /// Points at the help of the subcommand that was typed, if any.
    private static func usageHint(for code: ExitCode, arguments: [String]) -> String {
        guard code == .validationFailure else { return "" }
        let names = Outline.configuration.subcommands.compactMap { $0.configuration.commandName }
        let typed = GlobalOptionPlacement.movedAfterSubcommand(arguments).first
        if let typed, names.contains(typed) { return " (see 'outline \(typed) --help')" }
        return " (see 'outline --help')"
    }

    static func printError(_ message: String) {
        let line = "error: " + TitleSanitizer.forTerminal(message) + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// A refusal that is not an `OutlineError`, such as `check` finding problems: exit status 1.
struct CommandFailure: Error {
    var message: String
}
