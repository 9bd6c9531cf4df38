/// What a results controller's delegate hears, in the order of `NSFetchedResultsControllerDelegate`:
/// will change; section changes; object changes (old path for deletes, new for inserts, both
/// for moves and updates); did change. Every method has an empty default.
public protocol ResultsControllerDelegate: AnyObject {
    /// A batch of changes begins.
    func controllerWillChangeContent(_ controller: ResultsController)
    /// Section `name` was inserted at (or deleted from) `index`.
    func controller(
        _ controller: ResultsController, didChangeSection name: String, atSectionIndex index: Int,
        for kind: ResultsDiff.Kind)
    /// `object` was inserted, deleted, moved or updated; `path` is its old place, `newPath` its new one.
    func controller(
        _ controller: ResultsController, didChange object: Item, at path: ItemPath?, for kind: ResultsDiff.Kind,
        newPath: ItemPath?)
    /// The batch is complete: the controller shows the new state.
    func controllerDidChangeContent(_ controller: ResultsController)
}

extension ResultsControllerDelegate {
    /// Does nothing unless the delegate implements it.
    public func controllerWillChangeContent(_ controller: ResultsController) {}
    /// Does nothing unless the delegate implements it.
    public func controller(
        _ controller: ResultsController, didChangeSection name: String, atSectionIndex index: Int,
        for kind: ResultsDiff.Kind
    ) {}
    /// Does nothing unless the delegate implements it.
    public func controller(
        _ controller: ResultsController, didChange object: Item, at path: ItemPath?, for kind: ResultsDiff.Kind,
        newPath: ItemPath?
    ) {}
    /// Does nothing unless the delegate implements it.
    public func controllerDidChangeContent(_ controller: ResultsController) {}
}
