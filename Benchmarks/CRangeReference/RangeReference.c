#include "RangeReference.h"

// The number of entries of a[0 ..< n] (ascending) that are <= x (`strict` 0) or < x (`strict` 1): a binary search whose
// step is a conditional move, so that no branch depends on the data.
static inline long count_before(const double *a, long n, double x, int strict) {
    if (n <= 0) return 0;
    const double *base = a;
    while (n > 1) {
        long half = n >> 1;
        double probe = base[half - 1];
        int before = strict ? probe < x : probe <= x;
        base = before ? base + half : base;
        n -= half;
    }
    return (long)(base - a) + (strict ? *base < x : *base <= x);
}

// The same count, found by galloping outwards from `hint` (0 ... n), then a
// binary search over the bracket: O(log d) for an answer d entries away.
static inline long count_before_near(const double *a, long n, double x, int strict, long hint) {
    if (hint < 0) hint = 0;
    if (hint > n) hint = n;
#define BEFORE(i) (strict ? a[i] < x : a[i] <= x)
    long low, high; // the count lies in low ... high
    if (hint < n && BEFORE(hint)) {
        low = hint + 1;
        long step = 1;
        for (;;) {
            long probe = low + step - 1;
            if (probe >= n) { high = n; break; }
            if (!BEFORE(probe)) { high = probe; break; }
            low = probe + 1;
            step <<= 1;
        }
    } else {
        high = hint;
        long step = 1;
        for (;;) {
            long probe = high - step;
            if (probe < 0) { low = 0; break; }
            if (BEFORE(probe)) { low = probe + 1; break; }
            high = probe;
            step <<= 1;
        }
    }
#undef BEFORE
    return low + count_before(a + low, high - low, x, strict);
}

void tabstrip_reference_range(const double *prefix, long count, double start, double length, long *lower,
                              long *upper) {
    // Tabs ending at or before start: ends prefix[1 ... count] <= start.
    long first = count_before(prefix + 1, count, start, 0);
    // Tabs starting before the end (prefix[i] < start + length): a walk forward from the first tab, as TanStack
    // Virtual's range computation does after its binary search; a viewport holds a few tabs.
    double end = start + length;
    long last = first;
    while (last < count && prefix[last] < end) last++;
    *lower = first;
    *upper = last;
}

void tabstrip_reference_range_near(const double *prefix, long count, double start, double length, long *lower,
                                   long *upper) {
    *lower = count_before_near(prefix + 1, count, start, 0, *lower);
    *upper = count_before_near(prefix, count, start + length, 1, *upper);
}

long tabstrip_reference_pass(const double *prefix, long count, const double *offsets, long queries,
                             double length) {
    long sum = 0;
    for (long q = 0; q < queries; q++) {
        long lower, upper;
        tabstrip_reference_range(prefix, count, offsets[q], length, &lower, &upper);
        sum += lower ^ upper;
    }
    return sum;
}

long tabstrip_reference_near_pass(const double *prefix, long count, const double *offsets, long queries,
                                  double length) {
    long sum = 0;
    long lower = 0, upper = 0;
    for (long q = 0; q < queries; q++) {
        tabstrip_reference_range_near(prefix, count, offsets[q], length, &lower, &upper);
        sum += lower ^ upper;
    }
    return sum;
}
