import Foundation
import GRDB

/// One entry of the undo history: a command that changed the outline.
public struct UndoStep: Equatable, Sendable {
    /// The step number, as `history` shows it and change reports carry it.
    public var number: StepID
    /// What the command did: `rm "Groceries" and 3 descendants`.
    public var name: String
    /// When its command ran.
    public var date: Date
    /// Whether it is undone (and so on the redo stack).
    public var isUndone: Bool
    /// What undoing or redoing it changed, when the call asked for it (`reportingChanges`).
    public var changes: [ReportedChange] = []
}
