import CCallgrind

/// Runs work on a thread whose stack has a fixed size at a page-aligned address (the `CCallgrind` module's
/// `tabstrip_run_on_fixed_stack`), so that every stack address in it is the same, modulo the page size, on every run
/// and machine.
///
/// The instruction pass's child plays its workload here. On the main thread the stack starts below the process's
/// arguments and environment, so its alignment moved with their length, and with it the instructions the C library's
/// `memcpy` executes for a copy to the stack: the fling frame's count differed between runs of the same binary and
/// input with a 1-byte or an 8-byte extra environment variable.
package enum FixedStackThread {
    /// The stack given to the thread: far more than the workload needs (the main thread's default is 8 MiB); pages
    /// never touched are never backed by memory.
    package static var stackBytes: Int { 64 << 20 }

    /// Runs `body` on a new thread with a fixed stack and waits for it.
    package static func run(_ body: () -> Void) -> Int32 {
        withoutActuallyEscaping(body) { body in
            let box = Unmanaged.passRetained(Work(body))
            defer { box.release() }
            return tabstrip_run_on_fixed_stack(
                { context in
                    guard let context else { return }
                    Unmanaged<Work>.fromOpaque(context).takeUnretainedValue().body()
                }, box.toOpaque(), stackBytes)
        }
    }

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
