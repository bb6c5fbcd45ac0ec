/* Copied from the causegraph team's shared tools (../shared/tools/macos-poll.c), so that
   TopTerminalTests can build it on a fresh clone. */
/* macos-poll.c: makes poll(2) answer a terminal descriptor as macOS does: at once, with POLLNVAL
   ("poll does not support devices"), instead of waiting for input. Build and preload it to see how a
   terminal program behaves on a Mac: gcc -shared -fPIC -O2 -o macos-poll.so macos-poll.c -ldl;
   LD_PRELOAD=$PWD/macos-poll.so causegraph top LOG */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <unistd.h>
int poll(struct pollfd *fds, nfds_t n, int timeout) {
    static int (*real)(struct pollfd *, nfds_t, int);
    if (!real) real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    int ttys = 0;
    for (nfds_t i = 0; i < n; i++) {
        fds[i].revents = 0;
        if (fds[i].fd >= 0 && isatty(fds[i].fd)) { fds[i].revents = POLLNVAL; ttys++; }
    }
    if (ttys) return ttys;
    return real(fds, n, timeout);
}
