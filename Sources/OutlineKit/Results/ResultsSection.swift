/// One section of a results controller: a name (an initial letter, or "" without sections), its
/// index title and its objects in order.
public struct ResultsSection: Equatable, Sendable {
    public var name: String
    public var objects: [Item]

    public var indexTitle: String { name }
    public var numberOfObjects: Int { objects.count }
}
