#include "CCallgrind.h"

#if defined(__has_include)
#  if __has_include(<valgrind/callgrind.h>)
#    include <valgrind/callgrind.h>
#    define TABSTRIP_HAS_CALLGRIND 1
#  endif
#endif

#ifdef TABSTRIP_HAS_CALLGRIND

int tabstrip_callgrind_compiled_in(void) { return 1; }
unsigned tabstrip_callgrind_running_on_valgrind(void) { return (unsigned)RUNNING_ON_VALGRIND; }
void tabstrip_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void tabstrip_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void tabstrip_callgrind_dump_stats_at(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

#else

int tabstrip_callgrind_compiled_in(void) { return 0; }
unsigned tabstrip_callgrind_running_on_valgrind(void) { return 0; }
void tabstrip_callgrind_zero_stats(void) {}
void tabstrip_callgrind_toggle_collect(void) {}
void tabstrip_callgrind_dump_stats_at(const char *name) { (void)name; }

#endif
