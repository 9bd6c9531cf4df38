/// Stand-in until the line merge lands: merges only where one side is the base.
enum ThreeWayMerge {
    enum Outcome: Equatable { case merged(String), conflicting }
    static func merge(base: String?, ours: String?, theirs: String?) -> Outcome {
        if ours == theirs { return .merged(ours ?? "") }
        if ours == base { return .merged(theirs ?? "") }
        if theirs == base { return .merged(ours ?? "") }
        return .conflicting
    }
}
