#pragma once
// Nothing to call: TestDefaults.c acts through a constructor when the test binary loads.
