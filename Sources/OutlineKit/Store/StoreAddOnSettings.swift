/// Per-store settings of an add-on (how long sync lets git run, its test hooks), kept by the
/// store without its knowing their type: each add-on declares a type of its own and reads and
/// writes it through `OutlineStore.addOnSettings[Type.self]`.
protocol StoreAddOnSetting {
    /// The settings a store starts with.
    init()
}

/// The add-ons' per-store settings, one value a type.
struct StoreAddOnSettings {
    private var values: [ObjectIdentifier: Any] = [:]

    /// The settings of type `type`: as last set, or as the type starts.
    subscript<Setting: StoreAddOnSetting>(_ type: Setting.Type) -> Setting {
        // Stored under its own type's identifier, so the cast cannot fail.
        get { values[ObjectIdentifier(type)] as? Setting ?? Setting() }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
