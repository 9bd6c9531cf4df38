/// What happened to an undo step: its command ran, or it was undone, or redone.
///
/// The raw values are those the `change_event` table stores.
public enum StepEvent: Int, Sendable {
    /// The step's command ran.
    case done = 0
    /// The step was undone.
    case undone = 1
    /// The step was redone.
    case redone = 2
}
