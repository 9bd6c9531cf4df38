import ArgumentParser
import OutlineKit

// An item reference (REF) as an operand or an option's value, declared the same way in every
// command: shown as `<ref>`, completed by the completion scripts from the outline's paths, and
// read by `ItemReference.argument`, whose errors are the tool's own.

extension Argument where Value == ItemReference {
    /// A required REF operand, with `help`.
    init(reference help: String) {
        self.init(help: .reference(help), completion: .reference, transform: ItemReference.argument)
    }
}

extension Argument where Value == ItemReference? {
    /// An optional REF operand, with `help`.
    init(reference help: String) {
        self.init(help: .reference(help), completion: .reference, transform: ItemReference.argument)
    }
}

extension Argument where Value == [ItemReference] {
    /// One REF operand or more, with `help`.
    init(references help: String) {
        self.init(help: .reference(help), completion: .reference, transform: ItemReference.argument)
    }
}

extension Option where Value == ItemReference? {
    /// An option whose value is a REF, with `help`.
    init(reference help: String) {
        self.init(help: .reference(help), completion: .reference, transform: ItemReference.argument)
    }
}

extension ArgumentHelp {
    /// The help of a REF: `help`, with the value shown as `<ref>`.
    static func reference(_ help: String) -> ArgumentHelp { ArgumentHelp(help, valueName: "ref") }
}

extension CompletionKind {
    /// A REF's completion: the outline's paths (`ReferenceCompletionRequest`).
    static var reference: CompletionKind { ReferenceCompletionRequest.kind }
}
