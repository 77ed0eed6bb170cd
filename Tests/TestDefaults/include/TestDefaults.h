#pragma once
#include <spawn.h>

// TestDefaults.c acts through a constructor when the test binary loads; Descriptors.c keeps the
// tests' sockets out of the processes they spawn (GNU calls Swift's Glibc module leaves out).

/// accept(2) with the accepted socket close-on-exec from the start.
int explorer_accept_cloexec(int listener);

/// The child closes every descriptor from `low` up before it runs.
int explorer_spawn_close_from(posix_spawn_file_actions_t *actions, int low);
