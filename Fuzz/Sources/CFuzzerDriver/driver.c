// Only a header: LLVMFuzzerRunDriver is defined by libFuzzer (linked with -sanitize=fuzzer).
#include "CFuzzerDriver.h"
