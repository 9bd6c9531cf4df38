#include "CSQLiteSession.h"
#include <string.h>

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

/* Whether two values hold the same SQL value: the same type and the same bytes or number. */
static int same_value(sqlite3_value *a, sqlite3_value *b) {
    int type = sqlite3_value_type(a);
    if (type != sqlite3_value_type(b)) return 0;
    switch (type) {
    case SQLITE_NULL: return 1;
    case SQLITE_INTEGER: return sqlite3_value_int64(a) == sqlite3_value_int64(b);
    case SQLITE_FLOAT: return sqlite3_value_double(a) == sqlite3_value_double(b);
    default: {
        int size = sqlite3_value_bytes(a);
        if (size != sqlite3_value_bytes(b)) return 0;
        return size == 0 || memcmp(sqlite3_value_blob(a), sqlite3_value_blob(b), (size_t)size) == 0;
    }
    }
}

/* Whether the change is an update of the item table that sets its position alone: a sibling
   that a step numbered again. */
static int sets_position_alone(sqlite3_changeset_iter *iterator) {
    const char *table = 0;
    int columns = 0, operation = 0, indirect = 0;
    sqlite3changeset_op(iterator, &table, &columns, &operation, &indirect);
    if (table == 0 || strcmp(table, "item") != 0 || operation != SQLITE_UPDATE) return 0;
    for (int column = 1; column < columns; column++) {
        if (column == 2) continue; /* position */
        sqlite3_value *value = 0;
        if (sqlite3changeset_new(iterator, column, &value) == SQLITE_OK && value != 0) return 0;
    }
    return 1;
}

/* Replaces a row of the item table that differs from what the change expects in its position
   alone (siblings shifted beside it since), and passes over the renumbering of a sibling that
   is gone (a sync removed it); aborts on anything else. */
static int replace_moved_siblings(void *context, int kind, sqlite3_changeset_iter *iterator) {
    int *first_kind = (int *)context;
    if (kind == SQLITE_CHANGESET_NOTFOUND && sets_position_alone(iterator)) return SQLITE_CHANGESET_OMIT;
    if (kind == SQLITE_CHANGESET_DATA) {
        const char *table = 0;
        int columns = 0, operation = 0, indirect = 0;
        sqlite3changeset_op(iterator, &table, &columns, &operation, &indirect);
        int only_position = table != 0 && strcmp(table, "item") == 0;
        for (int column = 0; only_position && column < columns; column++) {
            if (column == 2) continue; /* position */
            sqlite3_value *expected = 0, *found = 0;
            if (sqlite3changeset_old(iterator, column, &expected) != SQLITE_OK || expected == 0) continue;
            if (sqlite3changeset_conflict(iterator, column, &found) != SQLITE_OK || found == 0) return SQLITE_CHANGESET_ABORT;
            if (!same_value(expected, found)) only_position = 0;
        }
        if (only_position) return SQLITE_CHANGESET_REPLACE;
    }
    if (*first_kind == 0) *first_kind = kind;
    return SQLITE_CHANGESET_ABORT;
}

int outline_changeset_apply_beside_moved_siblings(
    sqlite3 *db, int size, const void *changeset, int invert, int *conflict_kind) {
    *conflict_kind = 0;
    int flags = SQLITE_CHANGESETAPPLY_NOSAVEPOINT | (invert ? SQLITE_CHANGESETAPPLY_INVERT : 0);
    int triggers = 1;
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, -1, &triggers);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    int result = sqlite3changeset_apply_v2(
        db, size, (void *)changeset, 0, replace_moved_siblings, conflict_kind, 0, 0, flags);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, triggers, (int *)0);
    return result;
}
