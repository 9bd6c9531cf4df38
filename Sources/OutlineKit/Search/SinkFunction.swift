import CSQLiteSession

/// The plumbing shared by the aggregate SQL functions that hand rows to Swift without stepping
/// the statement out of SQLite once per row (`RowSink`, `IDSink`). Each takes its sink as its
/// last argument, a pointer bound to the statement under SQLite's pointer-passing interface, so
/// one function registered per connection serves every query.
enum SinkFunction {
    /// The C signature of an aggregate's step.
    typealias Step = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void

    /// Registers the aggregate `name` taking `arity` arguments on `connection`. Only SQL run
    /// directly may call it, not a trigger or view stored in the file. Its result is NULL.
    static func register(_ name: String, arity: Int32, step: Step, on connection: OpaquePointer?) {
        sqlite3_create_function_v2(
            connection, name, arity, SQLITE_UTF8 | SQLITE_DIRECTONLY, nil, nil, step, finish, nil)
    }

    private static let finish: @convention(c) (OpaquePointer?) -> Void = { _ in }

    /// Runs `statement`, whose other parameters the caller has bound, with `sink` bound to
    /// parameter `index` as `type`: the aggregate's one row is the whole run.
    static func run<Sink>(_ statement: RawStatement, into sink: inout Sink, parameter index: Int32, type: StaticString)
        throws
    {
        try withUnsafeMutablePointer(to: &sink) { sink in
            statement.bind(index, pointer: sink, type: type)
            _ = try statement.step()
        }
    }

    /// The sink bound as `value` with the pointer type `type`, looked up on the first row and
    /// then kept in the aggregate's own memory: SQLite compares the type strings on every
    /// lookup, a measurable share of a big scan (Docs/performance.md, "`find` of a common word").
    static func sink(_ context: OpaquePointer?, _ value: OpaquePointer?, type: StaticString) -> UnsafeMutableRawPointer?
    {
        guard
            let cache = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size))?
                .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        else { return nil }
        if let sink = cache.pointee { return sink }
        // The aggregate's memory starts zeroed: nil until the first row stores the sink.
        cache.pointee = sqlite3_value_pointer(value, cString(type))
        return cache.pointee
    }

    /// A static string as the C string SQLite's pointer interface takes; SQLite keeps the
    /// pointer, which a static string's storage outlives.
    static func cString(_ type: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(type.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
