import Foundation
import OutlineTestSupport
import Testing

/// Runs the binary as this user, or, for the permission cases, as a user that the file's
/// permissions apply to: root reads and writes whatever it likes, so a test running as root
/// drops to `nobody` (with a copy of the binary that `nobody` may run).
enum BadFileRunner {
    case asThisUser
    case asNobody(binary: String)

    private static let copiedBinary = TemporaryDirectory()

    /// `folder` is opened to everyone, so that the other user reaches the files the test made.
    static func asAnotherUser(sharing folder: String) throws -> BadFileRunner {
        guard getuid() == 0 else { return .asThisUser }
        #expect(chmod(folder, 0o777) == 0)
        let binary = copiedBinary.file("outline")
        if !FileManager.default.fileExists(atPath: binary) {
            // Tests run in parallel: copy under a name of its own and rename, so that no test runs
            // the copy while another is still writing it ("Text file busy").
            let partial = copiedBinary.file("outline-\(UUID().uuidString)")
            try FileManager.default.copyItem(atPath: OutlineProcess.binary, toPath: partial)
            #expect(rename(partial, binary) == 0)
            #expect(chmod(copiedBinary.path, 0o755) == 0)
        }
        return .asNobody(binary: binary)
    }

    func run(_ arguments: [String]) throws -> RunResult {
        switch self {
        case .asThisUser:
            return try OutlineProcess.run(arguments, input: nil)
        case .asNobody(let binary):
            return try OutlineProcess.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments, input: nil,
                executable: "/usr/bin/setpriv")
        }
    }
}
