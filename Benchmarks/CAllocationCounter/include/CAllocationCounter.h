// The bench's fallback allocation counter, used when jemalloc is not linked: AllocationCounter.c's malloc and friends
// replace glibc's for the whole process (the Swift runtime and Foundation included), count each call and forward to
// glibc's own entry points (__libc_malloc and friends).
#ifndef TABSTRIP_ALLOCATION_COUNTER_H
#define TABSTRIP_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Successful allocation calls in the whole process so far (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign, valloc, pvalloc; a realloc that returns a block counts as one allocation and one free).
uint64_t tabstrip_counter_allocations(void);

/// Blocks freed in the whole process so far (free of a non-NULL pointer, and the old block of a successful realloc).
uint64_t tabstrip_counter_frees(void);

/// Bytes allocated by the calling thread so far, as malloc_usable_size
/// reports them (the block glibc handed out, not the size asked for).
uint64_t tabstrip_counter_thread_allocated_bytes(void);

/// Bytes freed by the calling thread so far (malloc_usable_size of each block freed).
uint64_t tabstrip_counter_thread_freed_bytes(void);

/// glibc's version (gnu_get_libc_version), for the report.
const char *tabstrip_counter_libc_version(void);

#endif
