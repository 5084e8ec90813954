#ifndef ASSIST_CLIBPQ_SHIM_H
#define ASSIST_CLIBPQ_SHIM_H
// libpq, PostgreSQL's C client (Debian's libpq-dev). The diagnostic field codes are character macros,
// which Swift does not import: these wrappers read the two fields an error is reported by.
#include <libpq-fe.h>

/// The five-character SQLSTATE of an error result ("23505"), or NULL.
static inline const char *assist_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The primary message of an error result, without DETAIL (which may quote the values of a row), or NULL.
static inline const char *assist_pq_primary_message(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}
#endif
