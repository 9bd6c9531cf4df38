/// What a changing command did: its action (for the summary and the undo step), the step it
/// recorded, and, for `add`, the new ids.
public struct ChangeResult: Equatable, Sendable {
    /// What the command did, which names its step and its summary.
    public var action: Action
    /// For `add`, the new ids in the order of the titles; empty otherwise.
    public var ids: [ItemID]
    /// The undo step recorded; nil when the command changed nothing.
    public var step: StepID?
    /// The per-parent changes, when the call asked for them (`reportingChanges`).
    public var changes: [ReportedChange] = []
    /// The parents whose lists of children the command changed, for the step's `ListEnds`.
    var touchedParents: Set<ItemID>
    /// What the command moved within its lists on purpose, when it says (`ListEnds`).
    var moves: StepMoves?

    init(action: Action, ids: [ItemID] = [], touchedParents: Set<ItemID> = [], moves: StepMoves? = nil) {
        self.action = action
        self.ids = ids
        self.touchedParents = touchedParents
        self.moves = moves
    }
}
