/// The number of an undo step, as `history` shows it and change reports carry it: increasing,
/// never reused.
public typealias StepID = Int64
