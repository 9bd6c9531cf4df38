import OutlineKit

/// The JSON reader as its tests call it: on text, and with a refusal's message to compare.
enum JSONDocuments {
    /// The items `text` holds.
    static func read(_ text: String) throws -> [ImportedItem] {
        try JSONDocumentReader.read(Array(text.utf8))
    }

    /// The message a refused document gets, or nil when it is read.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch let error as DocumentError {
            return error.message
        } catch {
            return "not a DocumentError: \(error)"
        }
    }
}
