/// What a results controller's delegate hears, in the order of `NSFetchedResultsControllerDelegate`:
/// will change; section changes; object changes (old path for deletes, new for inserts, both
/// for moves and updates); did change. Every method has an empty default.
public protocol ResultsControllerDelegate: AnyObject {
    func controllerWillChangeContent(_ controller: ResultsController)
    func controller(
        _ controller: ResultsController, didChangeSection name: String, atSectionIndex index: Int,
        for kind: ResultsDiff.Kind)
    func controller(
        _ controller: ResultsController, didChange object: Item, at path: ItemPath?, for kind: ResultsDiff.Kind,
        newPath: ItemPath?)
    func controllerDidChangeContent(_ controller: ResultsController)
}

extension ResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: ResultsController) {}
    public func controller(
        _ controller: ResultsController, didChangeSection name: String, atSectionIndex index: Int,
        for kind: ResultsDiff.Kind
    ) {}
    public func controller(
        _ controller: ResultsController, didChange object: Item, at path: ItemPath?, for kind: ResultsDiff.Kind,
        newPath: ItemPath?
    ) {}
    public func controllerDidChangeContent(_ controller: ResultsController) {}
}
