#ifndef HANDOFF_CFUZZERDRIVER_H
#define HANDOFF_CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs with their own main (compiler-rt, LLVM 13 and later):
// parses libFuzzer's flags from argv and fuzzes `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
