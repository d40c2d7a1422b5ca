import BenchInstruments

/// The measuring instruments' own cost, which every other scenario's figures include, and the probe's self-check.
package struct HarnessOverheadScenario: Scenario {
    package struct Parameters: ScenarioParameters, Sendable {
        package var clockSamples: Int
        package var records: Int
        package var percentileSamples: Int
        package var probeSamples: Int
        package var selfCheckObjects: Int
    }

    package let name = "harness-overhead"
    package let summary =
        "Cost of the measuring instruments: clock reads, histogram records and percentiles, allocation probe reads; probe self-check."

    package func parameters(for configuration: RunConfiguration) -> Parameters {
        let quick = configuration.mode == .quick
        return Parameters(
            clockSamples: quick ? 200_000 : 2_000_000, records: quick ? 1_000_000 : 10_000_000,
            percentileSamples: quick ? 300 : 2_000, probeSamples: quick ? 300 : 2_000,
            selfCheckObjects: quick ? 1_000 : 10_000)
    }

    /// Times clock readings, histogram records (values prepared first), percentiles and probe readings; then, in a
    /// separate pass, counts what recording allocates, and runs ``AllocationSelfCheck``. Does not throw.
    package func run(_ parameters: Parameters, in context: ScenarioContext) throws(ScenarioError) -> ScenarioOutput {
        var output = ScenarioOutput()
        let probe = context.allocations

        // Clock: back-to-back readings, and the mean over a tight loop.
        var clock = LatencyHistogram()
        for _ in 0..<parameters.clockSamples {
            let first = MonotonicClock.now()
            clock.record(MonotonicClock.now() &- first)
        }
        output.timing("clock-read", clock, note: "difference of two back-to-back readings")
        var overhead = MonotonicClock.measureOverhead(reads: parameters.clockSamples)
        for _ in 1..<5 {
            let again = MonotonicClock.measureOverhead(reads: parameters.clockSamples)
            overhead.meanNanoseconds = Swift.min(overhead.meanNanoseconds, again.meanNanoseconds)
            overhead.smallestStepNanoseconds = Swift.min(
                overhead.smallestStepNanoseconds, again.smallestStepNanoseconds)
        }
        output.duration(
            "clock-read-mean", nanoseconds: overhead.meanNanoseconds,
            note: "mean over a tight loop of readings, the shortest of 5 loops")
        output.duration(
            "clock-resolution", nanoseconds: Double(overhead.smallestStepNanoseconds),
            note: "smallest nonzero step between two readings: timings are quantised to it")
        context.reportProgress(0.2)

        // Histogram recording: the values are prepared first, so the timed loop does nothing but record.
        var random = context.generator(stream: "harness-overhead")
        let values = (0..<parameters.records).map { _ in UInt64(random.next(below: 1 << 24)) }
        var target = LatencyHistogram()
        let recordTime = shortestTime(of: 5) { for value in values { target.record(value) } }
        output.duration(
            "histogram-record-mean", nanoseconds: Double(recordTime) / Double(max(1, values.count)),
            note: "the shortest of 5 timed loops over the values, per record")
        context.reportProgress(0.4)

        var percentiles = LatencyHistogram()
        measure(Repetitions(warmUp: 10, samples: parameters.percentileSamples), into: &percentiles) { run in
            blackHole(target.value(atPercentile: run % 2 == 0 ? 99 : 50))
        }
        output.timing(
            "histogram-percentile", percentiles,
            note: "one percentile of a histogram holding \(Format.integer(values.count)) samples")
        context.reportProgress(0.5)

        // Probe readings (null without an allocator).
        if probe.isAvailable {
            let reads = parameters.probeSamples * 100
            let readTime = timeOnce { for _ in 0..<reads { blackHole(probe.threadAllocatedBytes()) } }.nanoseconds
            output.duration(
                "thread-bytes-read-mean", nanoseconds: Double(readTime) / Double(reads), fromAllocator: true)
            var snapshots = LatencyHistogram()
            measure(Repetitions(warmUp: 5, samples: parameters.probeSamples), into: &snapshots) { _ in
                blackHole(probe.allocationRequests())
            }
            output.timing(
                "allocation-snapshot", snapshots, fromAllocator: true, note: "tcache flush + epoch + nrequests reads")
        } else {
            output.duration("thread-bytes-read-mean", nanoseconds: nil, fromAllocator: true)
            output.timing("allocation-snapshot", nil, fromAllocator: true)
        }
        context.reportProgress(0.7)

        // Allocation pass, separate from the timing pass above.
        var counted = LatencyHistogram()
        let recording = probe.measure { for value in values { counted.record(value) } }.figures
        blackHole(counted.count)
        output.count(
            "histogram-record-allocations", recording.allocations.map { Double($0) }, unit: "allocations",
            fromAllocator: true, note: "allocations while recording \(Format.integer(values.count)) samples")
        output.bytes("histogram-record-bytes", recording.bytes.map { Double($0) }, fromAllocator: true)

        let check = AllocationSelfCheck.run(probe: probe, objects: parameters.selfCheckObjects)
        output.count(
            "self-check-count-error", check.countError.map { Double($0) }, unit: "allocations", fromAllocator: true,
            note: "allocations counted minus \(Format.integer(check.expectedAllocations)) objects allocated")
        output.count(
            "self-check-empty-phase", check.emptyPhaseAllocations.map { Double($0) }, unit: "allocations",
            fromAllocator: true, note: "allocations counted for a phase that allocates nothing")
        output.bytes(
            "self-check-bytes-per-object", check.countedBytes.map { Double($0) / Double(check.expectedAllocations) },
            unit: "bytes/object", fromAllocator: true)
        output.bytes(
            "peak-resident", ResidentMemory.peakBytes().map { Double($0) },
            note: "peak resident memory of the process so far")
        if !probe.isAvailable, let note = probe.note { output.notes.append(note) }
        context.reportProgress(1)
        return output
    }
}
