// See include/CAllocationCounter.h. Compiled into the bench executable only,
// and only when jemalloc is not linked (Package.swift).
#define _GNU_SOURCE
#include "CAllocationCounter.h"

#include <errno.h>
#include <gnu/libc-version.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's exported implementations (GLIBC_2.2.5); the public names below replace the public ones for the whole process.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Process-wide call counts: relaxed atomics (a few nanoseconds, no lock).
static _Atomic uint64_t allocation_calls;
static _Atomic uint64_t free_calls;
// Per-thread bytes: the executable's own TLS block (initial-exec), so a read
// or an update never allocates and never calls into the dynamic linker.
static __thread uint64_t thread_allocated __attribute__((tls_model("initial-exec")));
static __thread uint64_t thread_freed __attribute__((tls_model("initial-exec")));

static inline void *counted(void *block) {
    if (block != NULL) {
        atomic_fetch_add_explicit(&allocation_calls, 1, memory_order_relaxed);
        thread_allocated += malloc_usable_size(block);
    }
    return block;
}

static inline void note_free(void *block) {
    if (block != NULL) {
        atomic_fetch_add_explicit(&free_calls, 1, memory_order_relaxed);
        thread_freed += malloc_usable_size(block);
    }
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void free(void *pointer) {
    note_free(pointer);
    __libc_free(pointer);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) return counted(__libc_malloc(size));
    size_t old_size = malloc_usable_size(pointer);
    void *block = __libc_realloc(pointer, size);
    if (block != NULL || size == 0) {
        // glibc's realloc(p, 0) frees p and returns NULL; otherwise the old
        // block is gone and a new one (perhaps at the same address) exists.
        atomic_fetch_add_explicit(&free_calls, 1, memory_order_relaxed);
        thread_freed += old_size;
    }
    return counted(block);
}

static inline int is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
    void *block = counted(__libc_memalign(alignment, size));
    if (block == NULL) return ENOMEM;
    *result = block;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return counted(__libc_memalign(alignment, size));
}

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *valloc(size_t size) { return counted(__libc_valloc(size)); }

void *pvalloc(size_t size) { return counted(__libc_pvalloc(size)); }

uint64_t tabstrip_counter_allocations(void) {
    return atomic_load_explicit(&allocation_calls, memory_order_relaxed);
}

uint64_t tabstrip_counter_frees(void) { return atomic_load_explicit(&free_calls, memory_order_relaxed); }

uint64_t tabstrip_counter_thread_allocated_bytes(void) { return thread_allocated; }

uint64_t tabstrip_counter_thread_freed_bytes(void) { return thread_freed; }

const char *tabstrip_counter_libc_version(void) { return gnu_get_libc_version(); }
