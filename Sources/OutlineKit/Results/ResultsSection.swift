/// One section of a results controller: a name (an initial letter, or "" without sections), its
/// index title and its objects in order.
public struct ResultsSection: Equatable, Sendable {
    /// The initial letter, "#", or "" for a controller without sections.
    public var name: String
    /// The section's objects, in order.
    public var objects: [Item]

    /// What a section index bar shows for it: its name.
    public var indexTitle: String { name }
    /// How many objects the section holds.
    public var numberOfObjects: Int { objects.count }
}
