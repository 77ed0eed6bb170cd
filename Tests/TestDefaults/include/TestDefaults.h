#pragma once

/// The parallelization width the test process sets for itself when the environment names none
/// (see TestDefaults.c).
extern const char *const explorer_test_parallelization_width;
