import GRDB

/// One parent's children, fetched, sorted and sectioned, that tells its delegate exactly which
/// rows were inserted, deleted, moved and updated: the Linux counterpart of
/// `NSFetchedResultsController`.
///
/// Changes are found by diffing snapshots (`ResultsDiff`), never from change events, so a move is
/// never reported as an update and the moves are as few as possible.
///
/// - Changes committed through the same `OutlineStore` are noticed as they commit: the controller
///   observes the store's connection (GRDB's `TransactionObserver`), and the delegate hears of them
///   inside the commit, before the changing call returns. It may read the controller then, but
///   must not call the store: the connection is busy with the commit, and GRDB stops the process
///   ("Database methods are not reentrant"). Note what to do, and do it after the call returns.
/// - Changes committed by other connections or processes are picked up by `refresh()` (or,
///   cheaply, by `refreshIfChanged()`, which first checks SQLite's `data_version`).
/// - A paused controller keeps what it showed; `resume()` delivers everything since in one batch.
///
/// ```swift
/// let controller = ResultsController(store: store, request: FetchRequest(parent: 4, sort: .title, sectionKey: .initial))
/// try controller.performFetch()
/// controller.sectionIndexTitles      // ["A", "B", "Z"]
/// controller.object(at: ItemPath(section: 0, row: 0)).title
/// ```
public final class ResultsController {
    /// What the controller shows: whose children, in which order and sections.
    public let request: FetchRequest
    /// Hears every change the controller delivers; held weakly.
    public weak var delegate: (any ResultsControllerDelegate)?
    /// The objects as last fetched, in their sections; empty before `performFetch()`.
    public private(set) var sections: [ResultsSection] = []
    /// Whether `pause()` holds back changes until `resume()`.
    public private(set) var isPaused = false
    /// True when a paused controller has seen a refresh: `resume()` will deliver something.
    public private(set) var hasPendingChanges = false

    private let store: OutlineStore
    private var paths: [ItemID: ItemPath] = [:]
    private var lastDataVersion: Int?
    /// Watches the store's connection for commits, from the first fetch on.
    private var commitObserver: CommitObserver?

    /// A controller on `store`; call `performFetch()` before reading it.
    public init(store: OutlineStore, request: FetchRequest) {
        self.store = store
        self.request = request
    }

    /// Every object, section after section.
    public var fetchedObjects: [Item] { sections.flatMap(\.objects) }
    /// The sections' index titles, in order: what a section index bar shows.
    public var sectionIndexTitles: [String] { sections.map(\.indexTitle) }

    /// The object at `path`, which must be a path the controller shows.
    public func object(at path: ItemPath) -> Item { sections[path.section].objects[path.row] }

    /// Where the item `id` is shown, or nil if the controller does not show it.
    public func indexPath(for id: ItemID) -> ItemPath? { paths[id] }

    /// The section for an index title, as a section index bar asks when the user touches a
    /// letter: the section of that title, else the nearest one before it in the index (C with
    /// sections A, B, D gives B), else the first.
    ///
    /// - Parameters:
    ///   - title: the touched title: a letter A to Z, or "#".
    ///   - index: its place in the index bar; used only for a title that is neither (then the
    ///     section at that place, clamped).
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int {
        if let exact = sections.firstIndex(where: { $0.indexTitle == title }) { return exact }
        guard title == "#" || title.count == 1 && ("A"..."Z").contains(title) else {
            return max(0, min(index, sections.count - 1))
        }
        let rank = TitleCollation.sectionRank(title)
        return sections.lastIndex { TitleCollation.sectionRank($0.indexTitle) < rank } ?? 0
    }

    /// Fetches the objects. The delegate hears nothing; later changes it hears about.
    ///
    /// - Throws: `OutlineError.unknownItem` when the request's parent does not exist: an empty
    ///   list would read as "no children".
    public func performFetch() throws {
        var changesSoFar = 0
        install(
            try store.read { db in
                try TreeQueries.requireParent(db, request.parent)
                changesSoFar = db.totalChangesCount
                return try fetch(db)
            })
        if commitObserver == nil {
            let observer = CommitObserver(controller: self, changesSeen: changesSoFar)
            commitObserver = observer
            store.observeCommits(observer)
        }
    }

    /// Fetches again and reports the difference to the delegate (unless paused).
    @discardableResult
    public func refresh() throws -> ResultsDiff {
        if isPaused {
            hasPendingChanges = true
            return ResultsDiff()
        }
        return update(to: try store.read { db in try fetch(db) })
    }

    /// Refreshes only if another connection committed since the last fetch.
    @discardableResult
    public func refreshIfChanged() throws -> ResultsDiff {
        let version = try store.read { db in try Self.dataVersion(db) }
        return version == lastDataVersion ? ResultsDiff() : try refresh()
    }

    /// Stops delivering changes; what the controller shows stays as it is.
    public func pause() { isPaused = true }

    /// Delivers, as one change set, everything that changed since `pause()`.
    @discardableResult
    public func resume() throws -> ResultsDiff {
        isPaused = false
        hasPendingChanges = false
        return try refresh()
    }

    /// Shows `items`, just fetched, and tells the delegate what changed.
    private func update(to items: [Item]) -> ResultsDiff {
        let oldSections = sections
        let old = snapshot
        install(items)
        let changes = ResultsDiff(from: old, to: snapshot)
        if !changes.isEmpty { deliver(changes, oldSections: oldSections) }
        return changes
    }

    var snapshot: ResultsSnapshot {
        ResultsSnapshot(
            sections: sections.map { section in
                ResultsSnapshot.Section(
                    name: section.name, rows: section.objects.map(ResultsSnapshot.Row.init))
            })
    }

    private func deliver(_ changes: ResultsDiff, oldSections: [ResultsSection]) {
        guard let delegate else { return }
        delegate.controllerWillChangeContent(self)
        for change in changes.sectionChanges {
            switch change {
            case .delete(let name, let index):
                delegate.controller(self, didChangeSection: name, atSectionIndex: index, for: .delete)
            case .insert(let name, let index):
                delegate.controller(self, didChangeSection: name, atSectionIndex: index, for: .insert)
            }
        }
        for change in changes.objectChanges {
            let object =
                change.to.map { self.object(at: $0) } ?? oldSections[change.from!.section].objects[change.from!.row]
            delegate.controller(self, didChange: object, at: change.from, for: change.kind, newPath: change.to)
        }
        delegate.controllerDidChangeContent(self)
    }

    /// Reads the parent's children, noting the data version they were read at.
    private func fetch(_ db: Database) throws -> [Item] {
        let items = try ChildrenFetcher(db).children(of: request.parent, db).map(\.item)
        lastDataVersion = try Self.dataVersion(db)
        return items
    }

    /// Called by the commit observer, on the store's connection, after a commit that changed rows.
    fileprivate func storeDidCommit(_ db: Database) {
        if isPaused {
            hasPendingChanges = true
            return
        }
        // A failed read leaves the controller showing what it showed; the next refresh retries.
        if let items = try? fetch(db) { _ = update(to: items) }
    }

    /// Shows `items`, in any order: they are sorted and sectioned as the request says.
    private func install(_ items: [Item]) {
        sections = Self.arranged(items, request)
        paths = [:]
        for (sectionIndex, section) in sections.enumerated() {
            for (row, item) in section.objects.enumerated() {
                paths[item.id] = ItemPath(section: sectionIndex, row: row)
            }
        }
    }

    // MARK: - Sorting and sectioning

    /// The request's objects in order, in their sections. Each title's collation key (an ICU
    /// transliteration for titles that are not ASCII) is computed once, for both the sort and the
    /// section it files under.
    static func arranged(_ items: [Item], _ request: FetchRequest) -> [ResultsSection] {
        if request.sort == .position && request.sectionKey == nil { return [ResultsSection(name: "", objects: items)] }
        let keyed = items.map { (item: $0, order: TitleCollation.Order($0.title)) }
        let ordered = keyed.sorted { left, right in
            if request.sectionKey != nil, left.order.rank != right.order.rank {
                return left.order.rank < right.order.rank
            }
            switch request.sort {
            case .position: return left.item.position < right.item.position
            case .id: return left.item.id < right.item.id
            case .title:
                if left.order.key != right.order.key { return left.order.key < right.order.key }
                if left.item.title != right.item.title { return left.item.title < right.item.title }
                return left.item.id < right.item.id
            }
        }
        guard request.sectionKey != nil else { return [ResultsSection(name: "", objects: ordered.map(\.item))] }
        var sections: [ResultsSection] = []
        for entry in ordered {
            if sections.last?.name == entry.order.initial {
                sections[sections.count - 1].objects.append(entry.item)
            } else {
                sections.append(ResultsSection(name: entry.order.initial, objects: [entry.item]))
            }
        }
        return sections
    }

    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
}

/// Tells a results controller of the commits made on its store's connection. A separate object so
/// that GRDB's protocol stays out of `ResultsController`'s public face; GRDB holds it weakly, and
/// the controller strongly, so it lives exactly as long as the controller.
private final class CommitObserver: TransactionObserver {
    weak var controller: ResultsController?
    /// SQLite's count of rows changed on the connection, at the last commit seen: a commit that
    /// changed none (the end of a read) is no news. It counts rows changed by the session
    /// extension's changeset application too, which GRDB's row events do not see.
    private var changesSeen: Int

    init(controller: ResultsController, changesSeen: Int) {
        self.controller = controller
        self.changesSeen = changesSeen
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidRollback(_ db: Database) {}

    func databaseDidCommit(_ db: Database) {
        let changes = db.totalChangesCount
        guard changes != changesSeen else { return }
        changesSeen = changes
        controller?.storeDidCommit(db)
    }
}
