/// A tag or a property key in use, and how many items use it: what `OutlineStore.tags()` and
/// `OutlineStore.propertyKeys()` list for `outline tags` and shell completion. `package`: only
/// the executable reads them.
package struct UsageCount: Equatable, Sendable {
    /// The tag or key as the item with the lowest id that uses it spells it.
    package var name: String
    /// How many items use it: a tag set or written as `#tag` in a title counts once an item.
    package var count: Int
}
