import Foundation

/// One function's instructions in a phase of the instruction pass, per operation of the phase: what it executed itself
/// and with everything it called (inclusive).
package struct FunctionCost: Codable, Sendable, Equatable {
    /// The symbol as callgrind wrote it (mangled for Swift): the key that `bench compare` matches functions by.
    package var symbol: String
    package var name: String
    /// Instructions per operation in the function and every function it called (callgrind's inclusive cost).
    package var inclusive: Double
    package var exclusive: Double
}

/// The functions with the most inclusive instructions in one phase of the
/// instruction pass (``CallgrindFunctions/top``).
package struct PhaseFunctions: Codable, Sendable, Equatable {
    package var phase: String
    package var operations: Int
    package var functions: [FunctionCost]

    package init(phase: String, operations: Int, functions: [FunctionCost]) {
        (self.phase, self.operations, self.functions) = (phase, operations, functions)
    }
}

/// Reads the per-function costs of a callgrind profile file, as `callgrind_annotate --inclusive=yes` does.
///
/// In the file, `fn=` starts the cost lines of a function; a cost line is positions (one per name of the `positions:`
/// line) then one count per event. `calls=` says the next cost line is a call's inclusive cost to the function named by
/// the last `cfn=`. Names may be compressed: `(id) name` defines an id, `(id)` alone refers to it (`fn=` and `cfn=`
/// share the table). A function's exclusive cost sums its own cost lines; its inclusive cost adds the costs of its
/// calls to other functions (a call to itself is already in its own lines; mutual recursion counts twice, as in
/// callgrind_annotate).
///
/// Left out of the ranking, since they name the measuring and not the measured code: the harness's own functions (Swift
/// symbols of the module ``harnessModules``: the workload drivers, the frame playback) and every function whose
/// inclusive cost is the whole phase (the thread's entry, `clone`, reabstraction thunks), which callgrind_annotate
/// lists first. Engine functions specialised for a harness type stay (their symbols belong to the engine's module).
package enum CallgrindFunctions {
    package static let harnessModules = ["BenchInstruments", "BenchSuite", "BenchReports", "BenchGate", "BenchCLI"]

    /// The `limit` functions with the most inclusive `Ir` in `text`, costs divided by `operations`, names demangled,
    /// the harness and the whole-phase wrappers left out; ties in symbol order. Lines the reader does not understand
    /// are skipped; a profile without `Ir` gives no functions.
    package static func top(_ text: Substring, operations: Int, limit: Int = 10) -> [FunctionCost] {
        var names: [Substring: Substring] = [:]
        var exclusive: [Substring: UInt64] = [:]
        var called: [Substring: UInt64] = [:]
        var positionCount = 1
        var irIndex: Int?
        var current: Substring?
        var callee: Substring?
        var nextIsCall = false
        var total: UInt64?

        func resolve(_ value: Substring) -> Substring {
            guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return value }
            let id = value[...close]
            let rest = value[value.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty { return names[id] ?? id }
            names[id] = rest
            return rest
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                guard let function = current, let irIndex else {
                    nextIsCall = false
                    continue
                }
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let index = positionCount + irIndex
                let value = index < fields.count ? UInt64(fields[index]) ?? 0 : 0
                if nextIsCall {
                    if let callee, callee != function { called[function, default: 0] += value }
                    nextIsCall = false
                } else {
                    exclusive[function, default: 0] += value
                }
            } else if line.hasPrefix("fn=") {
                let function = resolve(line.dropFirst(3))
                current = function
                if exclusive[function] == nil { exclusive[function] = 0 }
            } else if line.hasPrefix("cfn=") {
                callee = resolve(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                nextIsCall = true
            } else if line.hasPrefix("positions:") {
                positionCount = max(1, line.dropFirst("positions:".count).split(separator: " ").count)
            } else if line.hasPrefix("events:") {
                irIndex = line.dropFirst("events:".count).split(separator: " ").firstIndex(of: "Ir")
            } else if line.hasPrefix("summary:") || (total == nil && line.hasPrefix("totals:")) {
                let counts = line.split(separator: ":", maxSplits: 1).last?.split(separator: " ") ?? []
                total = irIndex.flatMap { $0 < counts.count ? UInt64(counts[$0]) : nil }
            }
        }
        let harness = harnessModules.flatMap { ["$s\($0.utf8.count)\($0)", "_$s\($0.utf8.count)\($0)"] }
        let divisor = Double(max(1, operations))
        let ranked = exclusive.map { (symbol: $0.key, own: $0.value, all: $0.value + called[$0.key, default: 0]) }
            .filter { function in
                !harness.contains { function.symbol.hasPrefix($0) } && (total.map { function.all < $0 } ?? true)
            }.sorted { $0.all != $1.all ? $0.all > $1.all : $0.symbol < $1.symbol }
        return ranked.prefix(limit).map {
            FunctionCost(
                symbol: String($0.symbol), name: demangle(String($0.symbol)), inclusive: Double($0.all) / divisor,
                exclusive: Double($0.own) / divisor)
        }
    }

    /// `symbol` demangled by the Swift runtime when it is a Swift symbol
    /// (`$s…`, `_$s…`), otherwise unchanged (valgrind demangles C++ itself).
    package static func demangle(_ symbol: String) -> String {
        guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S") else { return symbol }
        // Callgrind appends `'2`, `'3` to recursion levels with --separate-recs.
        let core = symbol.split(separator: "'", maxSplits: 1).first.map(String.init) ?? symbol
        let demangled: String? = core.withCString { pointer in
            guard let result = swiftDemangle(pointer, core.utf8.count, nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
        return demangled ?? symbol
    }
}

/// The Swift runtime's demangler (`swift_demangle` in libswiftCore, a stable C entry point): returns a `malloc`ed
/// string, or `NULL` when the name is not a Swift symbol.
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>?, _ length: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
