// A thread with a stack of a fixed size at a page-aligned address, for the instruction pass's child (why: see
// FixedStackThread.swift).
#ifndef TABSTRIP_FIXED_STACK_H
#define TABSTRIP_FIXED_STACK_H

#include <stddef.h>

/// Runs `body(context)` on a new thread whose stack is `stack_bytes` of fresh anonymous memory (page-aligned), waits
/// for it, and releases the stack. Returns 0, or the error number of the call that failed (`body` then did not run).
int tabstrip_run_on_fixed_stack(void (*body)(void *context), void *context, size_t stack_bytes);

#endif
