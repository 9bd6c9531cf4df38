// Exposes SQLite's session extension to Swift.
//
// The session declarations in <sqlite3.h> are only visible when SQLITE_ENABLE_SESSION and
// SQLITE_ENABLE_PREUPDATE_HOOK are defined; Debian's libsqlite3 is built with both, so defining
// them here before the include is all it takes. The helpers below wrap the calls that take C
// callbacks, which are awkward to write in Swift.
#ifndef OUTLINE_CSQLITESESSION_H
#define OUTLINE_CSQLITESESSION_H

#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

/// Applies a changeset, or its inverse when `invert` is non-zero, inside the caller's transaction.
///
/// Every conflict aborts: outline applies a changeset only to the state it was recorded against,
/// so any conflict means the database was changed behind its back. On SQLITE_ABORT,
/// `*conflict_kind` holds the first conflict's SQLITE_CHANGESET_* code.
int outline_changeset_apply(sqlite3 *db, int size, const void *changeset, int invert, int *conflict_kind);

/// Applies a changeset as `outline_changeset_apply` does, but where a row of the item table
/// differs from what the change expects in its position alone (a sync added, removed or moved
/// siblings beside it since), the change is made anyway: undo by what a step did, not by where
/// its siblings stood. Every other conflict aborts, as there.
int outline_changeset_apply_beside_moved_siblings(
    sqlite3 *db, int size, const void *changeset, int invert, int *conflict_kind);

#endif
