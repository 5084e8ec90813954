#ifndef ASSIST_CHIREDIS_SHIM_H
#define ASSIST_CHIREDIS_SHIM_H
// hiredis 0.14 (Debian's libhiredis-dev): the blocking context API. Its variadic calls (redisCommand) are not
// used: every command goes through redisCommandArgv / redisAppendCommandArgv, binary-safe with lengths.
#include <hiredis/hiredis.h>

/// The context's error text: a fixed char array, which Swift imports as a 128-element tuple.
static inline const char *assist_redis_errstr(const redisContext *context) { return context->errstr; }
#endif
