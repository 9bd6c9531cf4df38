import Foundation

/// The small outlines several suites start from, and what they read back of the history: one
/// definition each, so that a suite's comment of ids stays true for all of them.
extension OutlineProcess {
    /// What `show --json` and each `ls --json` object say of a plain item that holds no
    /// attributes (SPEC, "What an item holds"), after its `done_at`.
    static let noAttributesJSON =
        #""last_done":null,"state":null,"tags":[],"scheduled":null,"due":null,"priority":null,"properties":{}"#

    /// The fields each `ls --json` object adds after `note` for an open item with no attributes.
    static let openListingJSON = #""done_at":null,"# + noAttributesJSON

    /// 1 Groceries (3 Milk (6 Oat milk), 4 Eggs, 5 Bread), 2 Work
    func makeGroceries() throws {
        try run(["add", "Groceries", "Work"])
        try run(["add", "Milk", "Eggs", "Bread", "--under", "Groceries"])
        try run(["add", "Oat milk", "--under", "Groceries/Milk"])
    }

    /// 1 Groceries (2 Milk, 3 Oat milk, 4 Café crème), 5 Work (6 Call Ana about milk, 7 牛奶), 8 a/b
    func makeMilkTitles() throws {
        try run(["add", "Groceries"])
        try run(["add", "Milk", "Oat milk", "Café crème", "--under", "1"])
        try run(["add", "Work"])
        try run(["add", "Call Ana about milk", "牛奶", "--under", "5"])
        try run(["add", "a/b"])
    }

    /// The names of the history's steps, newest first (`history` without its step and time).
    func historyNames() throws -> [String] {
        try run(["history"]).lines.map { $0.split(separator: "  ").dropFirst(2).joined(separator: "  ") }
    }
}
