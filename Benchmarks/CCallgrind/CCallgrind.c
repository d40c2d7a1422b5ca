#include "CCallgrind.h"

#if defined(__has_include)
#  if __has_include(<valgrind/callgrind.h>)
#    include <valgrind/callgrind.h>
#    define TABSTRIP_HAS_CALLGRIND 1
#  endif
#endif

#ifndef TABSTRIP_HAS_CALLGRIND
// Without the headers every request is a no-op.
#  define TABSTRIP_HAS_CALLGRIND 0
#  define RUNNING_ON_VALGRIND 0
#  define CALLGRIND_ZERO_STATS
#  define CALLGRIND_TOGGLE_COLLECT
#  define CALLGRIND_DUMP_STATS_AT(name) (void)(name)
#endif

int tabstrip_callgrind_compiled_in(void) { return TABSTRIP_HAS_CALLGRIND; }
unsigned tabstrip_callgrind_running_on_valgrind(void) { return (unsigned)RUNNING_ON_VALGRIND; }
void tabstrip_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void tabstrip_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void tabstrip_callgrind_dump_stats_at(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
