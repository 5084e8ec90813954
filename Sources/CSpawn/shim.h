#ifndef ASSIST_CSPAWN_SHIM_H
#define ASSIST_CSPAWN_SHIM_H
#include <spawn.h>
// glibc >= 2.34 declares this only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
/// Closes every descriptor >= `from` in the child, so nothing of the parent's leaks into it.
static inline int assist_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
