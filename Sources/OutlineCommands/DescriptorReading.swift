import Foundation

/// Reads a descriptor to its end in blocks, stopping as soon as more than a limit has arrived,
/// so that memory stays bounded whatever the input (`/dev/zero`, a huge file).
enum DescriptorReading {
    /// Why reading stopped short.
    enum Failure: Error {
        /// More than the limit arrived.
        case tooLarge
        /// `read(2)` failed; the system's reason.
        case unreadable(String)
    }

    /// Everything `descriptor` holds, at most `limit` bytes.
    static func readWhole(_ descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)).lowercased())
            }
            if count == 0 { return bytes }
            bytes += block[0..<count]
            if bytes.count > limit { throw .tooLarge }
        }
    }
}
