// libFuzzer's driver, called from each target's main (SwiftPM renames an executable's main,
// so libFuzzer's own main cannot be used).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
