/// The version of the Swift compiler that compiled this module, found at compile time with `#if compiler(>=…)` checks
/// (patch level included).
///
/// This names the compiler that built the measured code, which is what a report must record; `swift --version` at run
/// time may name a different toolchain and is recorded separately.
enum SwiftCompilerVersion {
    static var current: String {
        #if compiler(>=7.0)
            return "7.0 or later"
        #elseif compiler(>=6.5)
            return "6.5 or later (below 7.0)"
        #elseif compiler(>=6.4.4)
            return "6.4.4 or later"
        #elseif compiler(>=6.4.3)
            return "6.4.3"
        #elseif compiler(>=6.4.2)
            return "6.4.2"
        #elseif compiler(>=6.4.1)
            return "6.4.1"
        #elseif compiler(>=6.4)
            return "6.4"
        #elseif compiler(>=6.3.4)
            return "6.3.4 or later"
        #elseif compiler(>=6.3.3)
            return "6.3.3"
        #elseif compiler(>=6.3.2)
            return "6.3.2"
        #elseif compiler(>=6.3.1)
            return "6.3.1"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2.4)
            return "6.2.4 or later"
        #elseif compiler(>=6.2.3)
            return "6.2.3"
        #elseif compiler(>=6.2.2)
            return "6.2.2"
        #elseif compiler(>=6.2.1)
            return "6.2.1"
        #else
            return "6.2" // the package's tools version: no older compiler builds it
        #endif
    }
}
