extension StoreAddOns {
    /// The add-ons the library ships. The one place outside their folders that names them: the
    /// core reaches them only through `StoreAddOn`, and a new add-on is added here.
    static let shipped: [any StoreAddOn.Type] = [SyncAddOn.self]
}
