/// One committed change, as a watcher reports it: a step done, undone or redone, with what it
/// changed under each parent.
public struct ChangeEvent: Equatable, Sendable {
    /// The event's place in the log of commits: increasing.
    public var sequence: Int64
    /// The step that was done, undone or redone.
    public var step: StepID
    /// What happened to it.
    public var kind: StepEvent
    /// The step's name; nil when the step has been pruned from the history since.
    public var name: String?
    /// The per-parent changes; nil when they can no longer be known (the step, or a later one,
    /// was pruned before this feed read it).
    public var changes: [ReportedChange]?
    /// Titles of the items this change removed, for a view that shows what went.
    public var removedTitles: [ItemID: String]
}
