import Testing

@testable import OutlineKit

/// A failed push read from git's own output, as git 2.39 writes it: a lost race is retried, a
/// refusal keeps the remote's reason, and an ssh login that fails is not a refusal.
@Suite struct GitPushReplyTests {
    @Test func aPushThatFellBehindOrLostTheLockToAnotherIsARace() {
        #expect(
            GitPushReply(
                stdout: "To /r.git\n!\tabc:refs/heads/main\t[rejected] (fetch first)\nDone",
                stderr: "error: failed to push some refs to '/r.git'\n") == .lostRace)
        #expect(
            GitPushReply(
                stdout: "To /r.git\n!\tabc:refs/heads/main\t[remote rejected] (failed to update ref)\nDone",
                stderr: "remote: error: cannot lock ref 'refs/heads/main': Unable to create "
                    + "'/r.git/refs/heads/main.lock': File exists.\nerror: failed to push some refs to '/r.git'\n")
                == .lostRace)
    }

    @Test func aRemoteThatCannotBeWrittenRefusesWithItsReason() {
        #expect(
            GitPushReply(
                stdout: "To /r.git\n!\tabc:refs/heads/main\t[remote rejected] (unpacker error)\nDone",
                stderr: "error: remote unpack failed: unable to create temporary object directory\n"
                    + "error: failed to push some refs to '/r.git'\n")
                == .refused(reason: "remote unpack failed: unable to create temporary object directory"))
        #expect(
            GitPushReply(
                stdout: "To /r.git\n!\tabc:refs/heads/main\t[remote rejected] (failed to update ref)\nDone",
                stderr: "remote: error: cannot lock ref 'refs/heads/main': Unable to create "
                    + "'/r.git/refs/heads/main.lock': Permission denied        \n"
                    + "error: failed to push some refs to '/r.git'\n")
                == .refused(
                    reason: "cannot lock ref 'refs/heads/main': Unable to create '/r.git/refs/heads/main.lock': "
                        + "Permission denied"))
        #expect(
            GitPushReply(
                stdout: "To /r.git\n!\tabc:refs/heads/main\t[remote rejected] (pre-receive hook declined)\nDone",
                stderr: "remote: the remote is read-only today        \nerror: failed to push some refs to '/r.git'\n")
                == .refused(reason: "the remote is read-only today"))
    }

    @Test func anSSHLoginThatFailsIsNotARefusal() {
        let stderr =
            "git@example.com: Permission denied (publickey).\n"
            + "fatal: Could not read from remote repository.\n"
        #expect(GitPushReply(stdout: "", stderr: stderr) == .unreachable(reason: stderr))
    }
}
