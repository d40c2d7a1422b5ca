#ifndef TABSTRIP_RANGE_REFERENCE_H
#define TABSTRIP_RANGE_REFERENCE_H

// The reference the width index is compared with, in the same run: the visible range of a row of tabs from a flat array
// of leading offsets, in C (the "flat double prefix array"). Bench-only code.
//
// `prefix` holds count + 1 offsets: prefix[i] is tab i's leading offset, prefix[count] the row's end. A query over
// [start, start + length) answers with the tabs i where prefix[i] < start + length and prefix[i + 1] > start, as *lower
// ..< *upper (*upper <= *lower when none does).

#ifdef __cplusplus
extern "C" {
#endif

/// One query from scratch, shaped as TanStack Virtual's range computation: a branchless binary search for the first
/// tab, then a walk forward to the last.
void tabstrip_reference_range(const double *prefix, long count, double start, double length, long *lower,
                              long *upper);

/// One query searched outwards from the previous answer (`*lower`,
/// `*upper` on entry): two gallops, then branchless binary searches.
void tabstrip_reference_range_near(const double *prefix, long count, double start, double length, long *lower,
                                   long *upper);

/// `tabstrip_reference_range` at every offset; returns the sum of each
/// answer's bounds combined (so that no search is optimised away).
long tabstrip_reference_pass(const double *prefix, long count, const double *offsets, long queries,
                             double length);

/// `tabstrip_reference_range_near` at every offset in order, each from the
/// previous answer (the first from 0 ..< 0); returns the same sum.
long tabstrip_reference_near_pass(const double *prefix, long count, const double *offsets, long queries,
                                  double length);

#ifdef __cplusplus
}
#endif

#endif
