import OutlineKit

/// The model's undo history: whole snapshots, the simplest thing that can be right.
public struct ModelHistory {
    public private(set) var past: [TreeModel] = []
    public private(set) var future: [TreeModel] = []

    public init() {}

    /// Records `before` as a step if the command changed the model; returns whether it did.
    public mutating func record(before: TreeModel, after: TreeModel) -> Bool {
        guard before.differs(from: after) else { return false }
        past.append(before)
        future = []
        return true
    }

    /// Undoes (or redoes) `steps` steps on `model`; false, changing nothing, when there are fewer.
    public mutating func travel(_ model: inout TreeModel, steps: Int, undoing: Bool) -> Bool {
        let available = undoing ? past.count : future.count
        guard available >= steps else { return false }
        for _ in 0..<steps {
            if undoing {
                future.append(model)
                model = past.removeLast().keepingIDCounter(of: model)
            } else {
                past.append(model)
                model = future.removeLast().keepingIDCounter(of: model)
            }
        }
        return true
    }
}
