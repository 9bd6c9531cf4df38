import CSQLiteSession
import Foundation
import GRDB

/// What one command's session recorded, ready to be stored as its undo step.
///
/// A changeset of up to `keptInMemory` bytes is collected at once, as `SessionChangeset`. A
/// bigger one (an import of a million items makes 56 MB) stays in its session until the step is
/// stored, and is then streamed into the step's blob (`UndoHistory`): collecting it whole, and
/// then inserting it as one value, which SQLite copies into a record of the same size, held it in
/// memory twice at the command's peak (Docs/performance.md, "Big writes, export, a million
/// siblings").
final class RecordedChanges {
    /// The largest changeset collected into memory.
    static let keptInMemory: Int64 = 4 << 20

    /// The session, kept for a big changeset only.
    private let session: OpaquePointer?
    /// The changeset itself, for one of at most `keptInMemory` bytes.
    let collected: SessionChangeset?
    /// The changeset's size in bytes.
    let size: Int

    /// Whether the command changed nothing.
    var isEmpty: Bool { size == 0 }

    /// Takes over `session` (which must have been made with `SQLITE_SESSION_OBJCONFIG_SIZE`),
    /// whose recording is over.
    init(session: OpaquePointer?) throws {
        if sqlite3session_changeset_size(session) <= Self.keptInMemory {
            defer { sqlite3session_delete(session) }
            self.session = nil
            collected = try Self.collect(session)
            size = collected!.bytes.count
        } else {
            // The size SQLite gives beforehand is only a bound; a blob must have the exact one.
            var size = 0
            do {
                try Self.stream(session) { size += $0.count }
            } catch {
                sqlite3session_delete(session)
                throw error
            }
            self.session = session
            collected = nil
            self.size = size
        }
    }

    deinit { if let session { sqlite3session_delete(session) } }

    /// The changeset in memory: the one collected, or for a big one, a copy collected now.
    func changeset() throws -> SessionChangeset {
        try collected ?? Self.collect(session)
    }

    /// The rows the changeset touches, as `SessionChangeset.rows(inverted:)` gives them.
    func rows(inverted: Bool) throws -> [ChangedRow] { try changeset().rows(inverted: inverted) }

    /// Hands the changeset to `output` in consecutive pieces: from memory, or from the session.
    func write(_ output: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let collected {
            try collected.bytes.withUnsafeBytes { try output($0) }
        } else {
            try Self.stream(session, output)
        }
    }

    private static func collect(_ session: OpaquePointer?) throws -> SessionChangeset {
        var size: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        try SessionChangeset.check(sqlite3session_changeset(session, &size, &buffer), "collect the changes")
        guard let buffer, size > 0 else {
            sqlite3_free(buffer)
            return SessionChangeset(bytes: Data())
        }
        return SessionChangeset(
            bytes: Data(
                bytesNoCopy: buffer, count: Int(size), deallocator: .custom { pointer, _ in sqlite3_free(pointer) }))
    }

    /// Runs SQLite's streaming output of the changeset, handing each piece to `output`; an
    /// error `output` throws stops it and is thrown again.
    private static func stream(_ session: OpaquePointer?, _ output: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(output) { output in
            let sink = StreamSink(output)
            let code = sqlite3session_changeset_strm(
                session,
                { context, data, count in
                    let sink = Unmanaged<StreamSink>.fromOpaque(context!).takeUnretainedValue()
                    do {
                        try sink.output(UnsafeRawBufferPointer(start: data, count: Int(count)))
                        return SQLITE_OK
                    } catch {
                        sink.error = error
                        return SQLITE_ABORT
                    }
                }, Unmanaged.passUnretained(sink).toOpaque())
            if let error = sink.error { throw error }
            try SessionChangeset.check(code, "collect the changes")
        }
    }

    /// The receiver of a streamed changeset's pieces, reached from SQLite's C callback.
    private final class StreamSink {
        let output: (UnsafeRawBufferPointer) throws -> Void
        var error: Error?
        init(_ output: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.output = output }
    }
}
