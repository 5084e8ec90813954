#ifndef ASSIST_CMICROHTTPD_SHIM_H
#define ASSIST_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon is variadic; Swift cannot call it. Options go in an MHD_OPTION_ARRAY instead.
static inline struct MHD_Daemon *assist_mhd_start(unsigned int flags, uint16_t port,
                                                  MHD_AccessHandlerCallback handler, void *handler_cls,
                                                  struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The connection's socket, so suspended connections can be watched for the peer leaving.
static inline int assist_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// MHD_set_connection_option is variadic: a connection's own idle timeout, in seconds (0: none).
static inline void assist_mhd_set_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// The epoll set of a daemon started with MHD_USE_EPOLL and no thread of its own, for an outer loop to watch
/// (MHD_get_daemon_info is variadic); -1 when it has none.
static inline int assist_mhd_epoll_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

static inline ssize_t assist_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t assist_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t assist_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
#endif
