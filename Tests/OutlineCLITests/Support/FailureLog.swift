import Foundation

/// Lines from workers that run at the same time (what failed, or what each was told), gathered
/// under a lock for the test to check once they are done.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ entry: String) { lock.withLock { list.append(entry) } }
    var entries: [String] { lock.withLock { list } }
}
