#include <stdlib.h>

// A plain `swift test` runs every test at once. On two cores the in-process servers' handlers and
// the clients' timers then wait behind hundreds of CPU-bound tests, past the timeouts the tests
// give them. Four at a time is what the suite is written for; this sets it before Swift Testing
// reads its configuration, unless the environment names a width (or the run says --no-parallel).
__attribute__((constructor)) static void explorer_test_defaults(void) {
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", "4", 0);
}
