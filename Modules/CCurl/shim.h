// Typed wrappers around libcurl's variadic calls, which do not import into Swift.
#ifndef HANGANGJARI_CCURL_SHIM_H
#define HANGANGJARI_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef size_t (*hj_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode hj_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode hj_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode hj_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode hj_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode hj_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode hj_easy_setopt_callback(CURL *h, CURLoption o, hj_curl_data_callback v) { return curl_easy_setopt(h, o, v); }

static inline CURLcode hj_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode hj_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode hj_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode hj_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

/// The easy handle and result of a finished transfer from curl_multi_info_read, or NULL handle when none.
static inline CURL *hj_multi_next_done(CURLM *m, CURLcode *result) {
    int queued = 0;
    CURLMsg *msg;
    while ((msg = curl_multi_info_read(m, &queued)) != NULL) {
        if (msg->msg == CURLMSG_DONE) {
            *result = msg->data.result;
            return msg->easy_handle;
        }
    }
    return NULL;
}

/// Global set-up, once per process: SIGPIPE ignored (CURLOPT_NOSIGNAL is set on every handle), OpenSSL told not
/// to register its exit-time cleanup (a known crash at exit of short-lived Swift processes using libcurl), then
/// curl_global_init. OPENSSL_init_crypto is looked up at run time so that no OpenSSL headers are needed and a
/// libcurl built on another TLS library works too.
static inline CURLcode hj_global_init(void) {
    signal(SIGPIPE, SIG_IGN);
    typedef int (*openssl_init_fn)(uint64_t, const void *);
    openssl_init_fn init = (openssl_init_fn)dlsym(RTLD_DEFAULT, "OPENSSL_init_crypto");
    if (init != NULL) {
        init(0x00080000ULL /* OPENSSL_INIT_NO_ATEXIT */, NULL);
    }
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

// Names the calling thread (at most 15 bytes; shown by `top -H` and in /proc).
static inline void hj_name_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

// Lowers the calling thread's priority (Linux: a thread's niceness is its own, set on its thread id); 0 or -1.
static inline int hj_set_thread_niceness(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

#endif
