#if canImport(Synchronization)
    import Synchronization
#endif

// Revisions: a number that names one state of one index, so that a
// `TabRangeCursor` can tell in one comparison whether what it remembers
// still describes the index it is handed.

/// The source of index revisions: one process-wide counter, so that no two
/// states of any two indices share a number (a copy shares its original's
/// revision until either of them changes).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
enum RevisionCounter {
    /// The last revision handed out; 0 is never handed out.
    static let last = Atomic<UInt64>(0)
}

extension TabWidths {
    /// A revision no index has had before: 1, 2, 3… across the process.
    /// Where the standard library has no atomics (Apple systems before
    /// macOS 15 / iOS 18), 0: an unstamped index, which no cursor ever
    /// trusts (each query through a cursor then searches, from the cursor's
    /// range).
    /// - Complexity: O(1): one atomic addition.
    @inline(__always)
    static func newRevision() -> UInt64 {
        #if canImport(Synchronization)
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                return RevisionCounter.last.wrappingAdd(1, ordering: .relaxed).newValue
            }
        #endif
        return 0
    }
}
