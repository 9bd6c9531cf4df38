import ArgumentParser
import OutlineKit

extension ItemReference {
    /// Parses a REF argument for swift-argument-parser: a malformed one (`A//B`) is a wrong
    /// command line, exit 64, named with the parser's own words.
    static func argument(_ text: String) throws -> ItemReference {
        do {
            return try ItemReference(parsing: text)
        } catch OutlineError.invalidReference(_, let reason) {
            throw InvalidReference(description: reason)
        }
    }

    /// Why a REF argument is malformed, as the parser prints it.
    struct InvalidReference: Error, CustomStringConvertible {
        var description: String
    }
}

extension OutlineStore {
    /// The ids that `references` name, in order: ids as they are, paths resolved.
    func resolve(_ references: [ItemReference]) throws -> [ItemID] {
        try references.map(resolve)
    }
}
