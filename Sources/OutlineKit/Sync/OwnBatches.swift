/// This machine's own batches among new commits of the log, known by the replica id and the
/// number they carry, whatever happened to the round that pushed them.
///
/// A round notes its batch's number before it pushes (`sync_config.sequence`). A batch of this
/// replica numbered up to that was written here: a killed round's push that landed late, after
/// the next round had fetched, is still known as this machine's. One numbered higher was not
/// written by this file (it was restored from a backup, or copied from another machine that
/// syncs): it is read as any other machine's batch, which brings its changes here, and the
/// numbers go on after it. A batch from before batches were numbered is known by the commit the
/// last round noted (`sync_config.pushing`).
struct OwnBatches {
    /// This machine's batches, in the log's order.
    private(set) var batches: [SyncBatch] = []
    /// The highest number this replica's batches have used, in the log or noted here.
    private(set) var highestSequence: Int

    init(_ entries: [GitRemote.LogEntry], _ configuration: SyncConfiguration) {
        highestSequence = configuration.sequence
        for logged in entries {
            guard case .batch(let batch) = logged.entry, batch.replica == configuration.replica else { continue }
            if let number = batch.sequence {
                if number <= configuration.sequence { batches.append(batch) }
                highestSequence = max(highestSequence, number)
            } else if logged.commit == configuration.pushing {
                batches.append(batch)
            }
        }
    }
}
