/// This machine's own batches among new commits of the log, known by the replica id, the number
/// they carry and the commit noted for that number, whatever happened to the round that pushed
/// them.
///
/// A round notes its batch's number and commit before it pushes (`sync_config`'s `sequence` and
/// `batch:N`): a killed round's push that landed late, after the next round had fetched and
/// noted its own, is still known as this machine's. A batch of this replica that this file did
/// not write (the file was restored from a backup, or copied to another machine that syncs too,
/// whose batches then share the replica and may share numbers) is read as any other machine's
/// batch, which brings its changes here, and the numbers go on after the highest seen. A batch
/// from before batches were numbered is known by the commit the last round noted
/// (`sync_config.pushing`).
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
                if configuration.written[number] == logged.commit { batches.append(batch) }
                highestSequence = max(highestSequence, number)
            } else if logged.commit == configuration.pushing {
                batches.append(batch)
            }
        }
    }
}
