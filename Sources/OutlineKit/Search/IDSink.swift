import CSQLiteSession

/// Where a query's ids go when there may be many: the aggregate SQL function
/// `outline_collect_id(id, sink)` appends each id to the sink without stepping the statement
/// out to Swift once per row, which is slower for the many ids of a common word
/// (Docs/performance.md, "`find` of a common word").
struct IDSink {
    /// The pointer type the statement binds the sink as.
    static let pointerType: StaticString = "outline.id-sink"
    /// The function's name, as the queries that call it spell it.
    static let functionName = "outline_collect_id"

    private var ids: [ItemID] = []

    /// The ids `statement` collects by calling `outline_collect_id(id, ?sinkParameter)`, in the
    /// order it gives them; the caller has bound the other parameters.
    static func collect(_ statement: RawStatement, sinkParameter index: Int32) throws -> [ItemID] {
        var sink = IDSink()
        try SinkFunction.run(statement, into: &sink, parameter: index, type: pointerType)
        return sink.ids
    }

    /// Registers `outline_collect_id` on `connection`.
    static func register(on connection: OpaquePointer?) {
        SinkFunction.register(functionName, arity: 2, step: step, on: connection)
    }

    private static let step: SinkFunction.Step = { context, _, arguments in
        guard let arguments, let sink = SinkFunction.sink(context, arguments[1], type: pointerType) else { return }
        sink.assumingMemoryBound(to: IDSink.self).pointee.ids.append(sqlite3_value_int64(arguments[0]))
    }
}
