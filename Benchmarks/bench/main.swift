// The `bench` executable: picks the allocation probe (jemalloc when linked)
// and the build configuration, then hands over to BenchmarkHarness.BenchApp.
import BenchmarkHarness
import Foundation

#if DEBUG
    let buildConfiguration = BuildConfiguration.debug
#else
    let buildConfiguration = BuildConfiguration.release
#endif

let probe: any AllocationProbe = makeAllocationProbe()

// A signal stops the children (valgrind, the builds of `bench ab`) and
// removes the temporary directories before the bench ends.
Interruption.installSignalHandlers()

let app = BenchApp(
    registry: .standard,
    probe: probe,
    buildConfiguration: buildConfiguration,
    environment: ProcessInfo.processInfo.environment,
    output: StandardStream.output(),
    errors: StandardStream.error()
)
exit(app.run(CommandLine.arguments))
