import Foundation

/// The descriptors of a hold, in globals for the crash handler, which can capture no context:
/// the unlinked file that takes standard error's writes, and standard error as it was.
nonisolated(unsafe) private var heldFile: Int32 = -1
nonisolated(unsafe) private var originalStandardError: Int32 = -1
/// The buffer the crash handler copies through, made before any crash: a handler may not allocate.
nonisolated(unsafe) private let copyBuffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)

/// Standard error, held in a file while the outliner has the screen: what is written there (a
/// lock-wait notice, the Swift runtime's words before a crash) would be drawn over the screen and
/// then vanish with the alternate screen. It is written to the terminal once the screen is given
/// back, by `release()`, or by `releaseAfterCrash()` in the crash handler.
enum StandardErrorHold {
    /// Points standard error at a new, unlinked file. Does nothing if it cannot make one.
    static func hold() {
        guard heldFile < 0 else { return }
        _ = copyBuffer  // made now, not in the handler
        var template = Array("/tmp/outline-tui-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let original = dup(2)
        guard original >= 0, dup2(file, 2) >= 0 else {
            close(file)
            if original >= 0 { close(original) }
            return
        }
        heldFile = file
        originalStandardError = original
    }

    /// Gives standard error back and writes what was held to it.
    static func release() {
        guard heldFile >= 0 else { return }
        releaseAfterCrash()
        close(heldFile)
        close(originalStandardError)
        heldFile = -1
        originalStandardError = -1
    }

    /// `release()` with async-signal-safe calls only, for the fatal-signal handler: no
    /// allocation, no lock.
    static func releaseAfterCrash() {
        guard heldFile >= 0 else { return }
        _ = dup2(originalStandardError, 2)
        guard lseek(heldFile, 0, SEEK_SET) == 0 else { return }
        while true {
            let count = read(heldFile, copyBuffer, 4096)
            guard count > 0 else { break }
            _ = write(2, copyBuffer, count)
        }
        _ = ftruncate(heldFile, 0)
    }
}
