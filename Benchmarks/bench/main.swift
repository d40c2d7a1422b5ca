// The `bench` executable: picks the allocation probe (jemalloc when linked)
// and the build configuration, then hands over to BenchCLI.BenchApp.
import BenchCLI
import BenchInstruments
import BenchReports
import BenchSuite
import Foundation

#if DEBUG
    let buildConfiguration = BuildConfiguration.debug
#else
    let buildConfiguration = BuildConfiguration.release
#endif

let probe: any AllocationProbe = makeAllocationProbe()

// A signal stops the children (valgrind, the builds of `bench ab`) and removes the temporary directories before the
// bench ends. Not in the instruction pass's child: it starts no process, its parent stops its process group, and the
// watcher thread's start-up, scheduled by valgrind at no fixed point, was counted in whichever phase it landed in (two
// passes of one build then differed).
if CommandLine.arguments.dropFirst().first != "instructions-child" { Interruption.installSignalHandlers() }

let app = BenchApp(
    registry: .standard, probe: probe, buildConfiguration: buildConfiguration,
    environment: ProcessInfo.processInfo.environment, output: StandardStream.output(), errors: StandardStream.error())
exit(app.run(CommandLine.arguments))
