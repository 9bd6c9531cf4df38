import Foundation
import Testing

/// Standard output or error that cannot be written (a full disk) is an error, never a crash, and
/// a change that was made says so.
@Suite("Output that cannot be written")
struct UnwritableOutputTests {
    let outline = OutlineProcess()

    @Test func unwritableOutputIsAnErrorNotACrash() throws {
        try outline.run(["add", "A"])
        let full = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" ls --tsv --db \"$1\" > /dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(full.stdout == "1\n")
        #expect(full.stderr == "error: could not write standard output: no space left on device\n")
        // A change that was made says so, lest a script take "failed" for "nothing happened".
        let saved = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" add B --db \"$1\" > /dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(saved.stdout == "1\n")
        #expect(
            saved.stderr
                == "error: could not write standard output: no space left on device; the change itself was saved "
                + "('outline history' shows it)\n")
        #expect(try outline.tsv().count == 2)
        let noStderr = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" ls 99 --db \"$1\" 2>/dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(noStderr.stdout == "1\n")
    }

    /// Help, the version and completion scripts are output too: a lost one is an error.
    @Test(arguments: [
        ["--version"], ["--help"], ["help", "add"], ["add", "--help"], ["--generate-completion-script", "bash"],
    ])
    func unwritableHelpIsAnErrorToo(arguments: [String]) throws {
        let full = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" \"$@\" > /dev/full; echo $?", OutlineProcess.binary] + arguments, input: nil,
            viaShell: true)
        #expect(full.stdout == "1\n", "\(arguments)")
        #expect(full.stderr == "error: could not write standard output: no space left on device\n", "\(arguments)")
        let written = try OutlineProcess.run(arguments, input: nil)
        #expect(written.status == 0 && !written.stdout.isEmpty && written.stderr.isEmpty, "\(arguments)")
    }
}
