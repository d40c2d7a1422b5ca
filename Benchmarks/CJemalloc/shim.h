#ifndef TABSTRIP_CJEMALLOC_SHIM_H
#define TABSTRIP_CJEMALLOC_SHIM_H

// Linked only into the `bench` executable (see Package.swift), never into the TabStripCore library. Linking jemalloc
// makes it the allocator of the whole benchmark process, Swift runtime allocations included.
#if __has_include(<jemalloc/jemalloc.h>)
#include <jemalloc/jemalloc.h>
#else
#error "TABSTRIP_JEMALLOC=1 but <jemalloc/jemalloc.h> is missing: apt-get install -y libjemalloc-dev, then swift package purge-cache"
#endif

#endif
