// A thread with a stack of a fixed size at a page-aligned address, for the
// instruction pass's child: the instructions some copies execute (the C library's memcpy) depend on the alignment of
// the stack, and the main thread's stack starts below the process's arguments and environment, whose length differs
// from one machine or shell to the next. Every stack address of a thread started here is the same modulo the page size
// on every run.
#ifndef TABSTRIP_FIXED_STACK_H
#define TABSTRIP_FIXED_STACK_H

#include <stddef.h>

/// Runs `body(context)` on a new thread whose stack is `stack_bytes` of fresh anonymous memory (page-aligned), waits
/// for it, and releases the stack. Returns 0, or the error number of the call that failed (`body` then did not run).
int tabstrip_run_on_fixed_stack(void (*body)(void *context), void *context, size_t stack_bytes);

#endif
