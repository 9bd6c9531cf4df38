#include "CSQLiteSession.h"

static int abort_on_conflict(void *context, int kind, sqlite3_changeset_iter *iterator) {
    (void)iterator;
    int *first_kind = (int *)context;
    if (*first_kind == 0) *first_kind = kind;
    return SQLITE_CHANGESET_ABORT;
}

int outline_changeset_apply(sqlite3 *db, int size, const void *changeset, int invert, int *conflict_kind) {
    *conflict_kind = 0;
    int flags = invert ? SQLITE_CHANGESETAPPLY_INVERT : 0;
    return sqlite3changeset_apply_v2(
        db, size, (void *)changeset, /* filter */ 0, abort_on_conflict, conflict_kind,
        /* rebase */ 0, 0, flags);
}
