#ifndef ASSIST_CSQLITE_SHIM_H
#define ASSIST_CSQLITE_SHIM_H
#include <sqlite3.h>
/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound bytes at once.
static inline int assist_sqlite3_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}
#endif
