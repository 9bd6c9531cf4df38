import OutlineKit

/// The stores this process opened, kept until it exits.
///
/// Releasing a store releases GRDB's dispatch queue, whose disposal hands a clean-up to one of
/// libdispatch's worker threads: the first such hand-off creates the thread (an 8 MB stack, a
/// `clone3`), right before the process exits anyway. So the runner closes each store itself, which
/// writes the log into the database file as releasing it would, and exits with the objects still
/// held (Docs/performance.md, "Start-up").
enum OpenedStores {
    // Only the main thread opens stores for a command.
    nonisolated(unsafe) private static var stores: [OutlineStore] = []

    /// Keeps `store` until `closeAll`.
    static func keep(_ store: OutlineStore) {
        stores.append(store)
    }

    /// Closes every kept store, just before the process exits. A store that cannot close now (a
    /// statement still open somewhere) is released instead, and closes as it is deallocated.
    static func closeAll() {
        for store in stores {
            do {
                try store.close()
            } catch {
                stores.removeAll { $0 === store }
            }
        }
    }
}
