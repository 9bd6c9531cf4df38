import Foundation

/// Writes bytes to a descriptor whole: `write(2)` may take fewer than it is given, or be
/// interrupted by a signal before it takes any.
enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`; returns nil when it did, else the `errno` of the
    /// failure that stopped it (or `EIO` for a write that took nothing).
    static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let written = all[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }
}
