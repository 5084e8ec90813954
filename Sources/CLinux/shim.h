#ifndef ASSIST_CLINUX_SHIM_H
#define ASSIST_CLINUX_SHIM_H
// Linux interfaces Swift's Glibc module does not export: epoll, eventfd, accept4, and spawn's close-from action.
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// glibc >= 2.34 declares this only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

// Declared only under _GNU_SOURCE as well: accept with flags (SOCK_NONBLOCK, SOCK_CLOEXEC) in one call.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// Closes every descriptor >= `from` in the child, so nothing of the parent's leaks into it.
static inline int assist_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
