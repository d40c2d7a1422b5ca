#if TABSTRIP_JEMALLOC
    import BenchInstruments
    import CJemalloc

    /// Allocation figures from jemalloc, which is the allocator of the whole process when linked (Swift runtime
    /// allocations included).
    ///
    /// - Bytes: `thread.allocatedp` gives a pointer to the calling thread's running total of allocated bytes; reading
    ///   it costs one load. The pointer is resolved on the thread that creates the probe, which is the thread
    ///   that runs the scenarios.
    /// - Counts: `thread.tcache.flush` (so this thread's cached requests are merged into the arena statistics), a write
    ///   to `epoch` (refreshing the statistics), then `stats.arenas.<MALLCTL_ARENAS_ALL>.small.nrequests` +
    ///   `large.nrequests`. Names are resolved once with `mallctlnametomib`. A snapshot costs thousands of times a
    ///   frame: use around whole phases only.
    /// - Retained memory (``RetainedMemoryProbe``): `thread.deallocatedp` (bytes freed by this thread) and live
    ///   objects, `small.nmalloc − small.ndalloc + large.nmalloc − large.ndalloc` after a tcache flush and an epoch
    ///   write (objects handed out by the arenas and not returned; objects cached by other threads count as live).
    final class JemallocProbe: RetainedMemoryProbe {
        struct Failure: Error, CustomStringConvertible { var description: String }

        private let allocatedPointer: UnsafeMutablePointer<UInt64>
        private let deallocatedPointer: UnsafeMutablePointer<UInt64>
        private var objectCountMIBs: [(mib: [Int], sign: Int64)]
        private var flushMIB: [Int]
        private var epochMIB: [Int]
        private var smallRequestsMIB: [Int]
        private var largeRequestsMIB: [Int]
        let allocatorVersion: String?

        init() throws {
            func resolve(_ name: String) throws -> [Int] {
                var mib = [Int](repeating: 0, count: 8)
                var length = mib.count
                let status = mib.withUnsafeMutableBufferPointer { buffer in
                    mallctlnametomib(name, buffer.baseAddress, &length)
                }
                guard status == 0 else { throw Failure(description: "mallctlnametomib(\(name)) failed with \(status)") }
                return Array(mib.prefix(length))
            }
            func threadCounter(_ name: String) throws -> UnsafeMutablePointer<UInt64> {
                var pointer: UnsafeMutablePointer<UInt64>?
                var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
                let status = mallctl(name, &pointer, &size, nil, 0)
                guard status == 0, let pointer else { throw Failure(description: "\(name) unavailable (\(status))") }
                return pointer
            }
            allocatedPointer = try threadCounter("thread.allocatedp")
            deallocatedPointer = try threadCounter("thread.deallocatedp")

            var version: UnsafePointer<CChar>?
            var versionSize = MemoryLayout<UnsafePointer<CChar>?>.size
            if mallctl("version", &version, &versionSize, nil, 0) == 0, let version {
                allocatorVersion = String(cString: version)
            } else {
                allocatorVersion = nil
            }
            let all = "\(MALLCTL_ARENAS_ALL)"
            flushMIB = try resolve("thread.tcache.flush")
            epochMIB = try resolve("epoch")
            smallRequestsMIB = try resolve("stats.arenas.\(all).small.nrequests")
            largeRequestsMIB = try resolve("stats.arenas.\(all).large.nrequests")
            objectCountMIBs = [
                (try resolve("stats.arenas.\(all).small.nmalloc"), 1),
                (try resolve("stats.arenas.\(all).small.ndalloc"), -1),
                (try resolve("stats.arenas.\(all).large.nmalloc"), 1),
                (try resolve("stats.arenas.\(all).large.ndalloc"), -1),
            ]
            guard allocationRequests() != nil else {
                throw Failure(
                    description: "stats.arenas.*.nrequests unreadable (jemalloc built without --enable-stats?)")
            }
        }

        var allocatorName: String { "jemalloc" }
        var counterName: String { "jemalloc-stats" }
        var isAvailable: Bool { true }
        var note: String? { nil }

        func threadAllocatedBytes() -> UInt64? { allocatedPointer.pointee }

        /// Merges this thread's cached requests into the arena statistics and refreshes them.
        func refreshStatistics() -> Bool {
            guard control(&flushMIB) == 0 else { return false }
            var epoch: UInt64 = 1
            return epochMIB.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, nil, nil, &epoch, MemoryLayout<UInt64>.size)
            } == 0
        }

        func allocationRequests() -> UInt64? {
            guard refreshStatistics(), let small = read(&smallRequestsMIB), let large = read(&largeRequestsMIB) else {
                return nil
            }
            return small &+ large
        }

        func threadDeallocatedBytes() -> UInt64? { deallocatedPointer.pointee }

        func liveObjects() -> UInt64? {
            guard refreshStatistics() else { return nil }
            var live: Int64 = 0
            for index in objectCountMIBs.indices {
                guard let value = read(&objectCountMIBs[index].mib) else { return nil }
                live &+= objectCountMIBs[index].sign &* Int64(bitPattern: value)
            }
            return UInt64(bitPattern: live)
        }

        private func control(_ mib: inout [Int]) -> Int32 {
            mib.withUnsafeBufferPointer { buffer in mallctlbymib(buffer.baseAddress, buffer.count, nil, nil, nil, 0) }
        }

        private func read(_ mib: inout [Int]) -> UInt64? {
            var value: UInt64 = 0
            var size = MemoryLayout<UInt64>.size
            let status = mib.withUnsafeBufferPointer { buffer in
                mallctlbymib(buffer.baseAddress, buffer.count, &value, &size, nil, 0)
            }
            return status == 0 ? value : nil
        }
    }
#endif
