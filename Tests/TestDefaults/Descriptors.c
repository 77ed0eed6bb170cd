#define _GNU_SOURCE
#include <spawn.h>
#include <sys/socket.h>
#include "TestDefaults.h"

// A test server's socket inherited by a child (a Python peer, an explorer) stays open after the
// server closes it: the connection never ends, the thread reading it never returns, and the test
// run never exits. Sockets are close-on-exec from birth, and spawned children keep only 0, 1, 2.

int explorer_accept_cloexec(int listener) {
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC);
}

int explorer_spawn_close_from(posix_spawn_file_actions_t *actions, int low) {
    return posix_spawn_file_actions_addclosefrom_np(actions, low);
}
