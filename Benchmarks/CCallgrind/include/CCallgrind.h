// CCallgrind: callgrind's client requests as plain C functions, so Swift can call them. Every function is a no-op
// (and `tabstrip_callgrind_compiled_in` returns 0) when <valgrind/callgrind.h> was not available at compile time.
#ifndef TABSTRIP_CCALLGRIND_H
#define TABSTRIP_CCALLGRIND_H

/// 1 when the valgrind headers were found at compile time, else 0.
int tabstrip_callgrind_compiled_in(void);

/// The number of valgrind layers the process runs under (0 natively).
unsigned tabstrip_callgrind_running_on_valgrind(void);

/// CALLGRIND_ZERO_STATS: resets the counters collected so far.
void tabstrip_callgrind_zero_stats(void);

/// CALLGRIND_TOGGLE_COLLECT: switches event collection on or off.
void tabstrip_callgrind_toggle_collect(void);

/// CALLGRIND_DUMP_STATS_AT(name): writes the counters collected since the last dump or reset to a new profile file
/// whose trigger line names `name`, then resets them.
void tabstrip_callgrind_dump_stats_at(const char *name);

// A thread at a fixed stack alignment, for the child's workload.
#include "FixedStack.h"

#endif
