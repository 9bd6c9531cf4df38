#include "CSQLiteSession.h"

static int abort_on_conflict(void *context, int kind, sqlite3_changeset_iter *iterator) {
    (void)iterator;
    int *first_kind = (int *)context;
    if (*first_kind == 0) *first_kind = kind;
    return SQLITE_CHANGESET_ABORT;
}

int outline_changeset_apply(sqlite3 *db, int size, const void *changeset, int invert, int *conflict_kind) {
    *conflict_kind = 0;
    /* No savepoint of its own: the caller's transaction rolls everything back on any failure. */
    int flags = SQLITE_CHANGESETAPPLY_NOSAVEPOINT | (invert ? SQLITE_CHANGESETAPPLY_INVERT : 0);
    /* Triggers off while applying: the caller notes the changed titles for the title index
       itself (TitleIndex.note). A trigger makes SQLite keep a statement journal for each row's
       statement, and once it spills it goes to a temporary file: undoing the removal of 10,000
       items wrote 287 MB there (433 ms, against 52 ms before the title index's triggers). */
    int triggers = 1;
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, -1, &triggers);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    int result = sqlite3changeset_apply_v2(
        db, size, (void *)changeset, /* filter */ 0, abort_on_conflict, conflict_kind,
        /* rebase */ 0, 0, flags);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, triggers, (int *)0);
    return result;
}
