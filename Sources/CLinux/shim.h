#ifndef ASSIST_CLINUX_SHIM_H
#define ASSIST_CLINUX_SHIM_H
// Linux interfaces Swift's Glibc module does not export: epoll, eventfd, accept4, spawn's close-from action,
// a spawn that ties the child's life to its parent's, TCP's limit on unsent bytes, and a free loopback port.
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// glibc >= 2.34 declares these only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int fds[2], int flags);

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

// Declared only under _GNU_SOURCE as well: accept with flags (SOCK_NONBLOCK, SOCK_CLOEXEC) in one call.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// Lets a TCP socket hold at most `bytes` not yet sent (TCP_NOTSENT_LOWAT): writes beyond wait (EAGAIN) and
/// the socket reports itself writable again only below it, whatever the send buffer's size. The constants are
/// Linux's ABI values: <netinet/in.h> and <netinet/tcp.h> are not included here, or Swift would count their
/// types (in_addr, sockaddr_in...) as this module's.
static inline int assist_tcp_limit_unsent(int fd, int bytes) {
    return setsockopt(fd, 6 /* IPPROTO_TCP */, 25 /* TCP_NOTSENT_LOWAT */, &bytes, sizeof bytes);
}

/// Returns the heap's free pages to the system (glibc's malloc_trim(0)): a gateway calls it once a burst of
/// streams has ended, or RSS stays at the burst's peak.
static inline int assist_malloc_trim(void) { return malloc_trim(0); }

/// A TCP port on 127.0.0.1 that nothing listened on a moment ago: a socket bound to port 0, its port read back,
/// the socket closed. Returns the port, or -errno. The address is written into a plain `struct sockaddr` in
/// `sockaddr_in`'s layout (the port in `sa_data[0..1]`, the IPv4 address in `sa_data[2..5]`, both big-endian),
/// as <netinet/in.h> is not included here (see above).
static inline int assist_free_loopback_port(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    struct sockaddr address;
    memset(&address, 0, sizeof address);
    address.sa_family = AF_INET;
    address.sa_data[2] = 127;
    address.sa_data[5] = 1;
    socklen_t length = sizeof address;
    int port = bind(fd, &address, length) == 0 && getsockname(fd, &address, &length) == 0
        ? ((unsigned char)address.sa_data[0] << 8) | (unsigned char)address.sa_data[1]
        : -errno;
    close(fd);
    return port;
}

/// The write end of the pipe `assist_catch_termination` reports SIGINT and SIGTERM to.
static int assist_termination_pipe[2] = {-1, -1};

static void assist_termination_handler(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    (void)!write(assist_termination_pipe[1], &byte, 1);  // async-signal-safe; a full pipe already says "stop"
    errno = saved;
}

/// Catches SIGINT and SIGTERM from this call on: each is written, as one byte holding its number, to a pipe
/// whose read end is returned (-1 on failure). `sigaction` is in place when this returns, with no window in
/// which a signal is ignored or kills the process (a dispatch signal source registers asynchronously).
/// The signals are unblocked on the calling thread, since a parent may have started us with them blocked.
static inline int assist_catch_termination(void) {
    if (assist_termination_pipe[0] < 0 && pipe2(assist_termination_pipe, O_CLOEXEC) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = assist_termination_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0) return -1;
    sigset_t termination;
    sigemptyset(&termination);
    sigaddset(&termination, SIGINT);
    sigaddset(&termination, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &termination, NULL);
    return assist_termination_pipe[0];
}

/// Closes every descriptor >= `from` in the child, so nothing of the parent's leaks into it.
static inline int assist_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Starts `path` with `argv` and `envp` as a child that cannot outlive its parent, and returns its pid, or
/// -errno when it could not be started (the `execve` itself included).
///
/// posix_spawn cannot do this: between fork and exec the child asks for SIGKILL when its parent dies
/// (PR_SET_PDEATHSIG, kept across exec), and exits at once if the parent already died before it asked. The
/// "parent" is the forking *thread*: the caller must be a thread that outlives the child. The child also
/// leads a process group of its own (so the parent can stop it and anything it spawned with one signal),
/// has default signal handling and an empty signal mask whatever the parent ignores or blocks, reads
/// /dev/null, writes stdout and stderr to `output` (appended; created 0600, as it may sit in the data directory),
/// and inherits no other descriptor.
///
/// Between fork and exec the child only makes async-signal-safe calls on memory prepared before the fork,
/// as a child of a multi-threaded process must. An exec that fails is reported through a close-on-exec pipe.
static inline pid_t assist_spawn_tied_to_parent(const char *path, char *const argv[], char *const envp[], const char *output) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -errno;
    pid_t parent = getpid();
    long descriptors = sysconf(_SC_OPEN_MAX);
    // No handler of the parent's may run in the child: signals stay blocked until the child has reset them.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) {
        int error = 0;
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) error = errno;
        else if (getppid() != parent) _exit(127);  // the parent died before the request: no one to report to
        setpgid(0, 0);
        struct sigaction fallback = {0};
        fallback.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) sigaction(number, &fallback, NULL);
        int input = error ? -1 : open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (!error && input < 0) error = errno;
        int out = error ? -1 : open(output, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (!error && out < 0) error = errno;
        if (!error && (dup2(input, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)) error = errno;
        for (int fd = 0; fd < 3 && !error; fd++) fcntl(fd, F_SETFD, 0);  // dup2 onto itself keeps close-on-exec
        if (!error && syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
            // Kernels before 5.11: mark them one by one.
            for (int fd = 3; fd < descriptors; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
        if (!error) {
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            execve(path, argv, envp);
            error = errno;
        }
        while (write(report[1], &error, sizeof error) < 0 && errno == EINTR) {}
        _exit(127);
    }
    int forkError = pid < 0 ? errno : 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        return -forkError;
    }
    setpgid(pid, pid);  // as the child does, so the group exists when this returns (EACCES once it has exec'd)
    int error = 0;
    ssize_t count;
    while ((count = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (count == sizeof error) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        return -(error ? error : ECHILD);
    }
    return pid;
}
#endif
