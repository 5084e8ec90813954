#ifndef ASSIST_CCURL_SHIM_H
#define ASSIST_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt / curl_multi_setopt / curl_easy_getinfo are variadic; these wrappers fix the argument type.
static inline CURLcode assist_curl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode assist_curl_easy_setopt_ptr(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode assist_curl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode assist_curl_easy_setopt_write(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode assist_curl_easy_setopt_header(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
static inline CURLcode assist_curl_easy_setopt_xferinfo(CURL *h, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}
static inline CURLMcode assist_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline CURLMcode assist_curl_multi_setopt_ptr(CURLM *m, CURLMoption o, void *v) { return curl_multi_setopt(m, o, v); }
static inline CURLMcode assist_curl_multi_setopt_socketfunction(CURLM *m, int (*f)(CURL *, curl_socket_t, int, void *, void *)) {
    return curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, f);
}
static inline CURLMcode assist_curl_multi_setopt_timerfunction(CURLM *m, int (*f)(CURLM *, long, void *)) {
    return curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, f);
}
static inline curl_socket_t assist_curl_socket_timeout(void) { return CURL_SOCKET_TIMEOUT; }
static inline CURLcode assist_curl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode assist_curl_easy_getinfo_ptr(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode assist_curl_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline size_t assist_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }

#include <fcntl.h>
/// Marks every socket curl opens close-on-exec, so a child process (llama-server, a tool) never inherits a
/// connection: an inherited copy would keep it open after we close ours, and the peer would never see us leave.
static int assist_curl_cloexec_sockopt(void *clientp, curl_socket_t fd, curlsocktype purpose) {
    (void)clientp; (void)purpose;
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    return CURL_SOCKOPT_OK;
}
static inline CURLcode assist_curl_easy_set_cloexec(CURL *h) {
    return curl_easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, assist_curl_cloexec_sockopt);
}
#endif
