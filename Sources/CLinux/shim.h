#ifndef ASSIST_CLINUX_SHIM_H
#define ASSIST_CLINUX_SHIM_H
// Linux interfaces Swift's Glibc module does not export: epoll, eventfd, and spawn's close-from action.
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

// glibc >= 2.34 declares this only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// Closes every descriptor >= `from` in the child, so nothing of the parent's leaks into it.
static inline int assist_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
