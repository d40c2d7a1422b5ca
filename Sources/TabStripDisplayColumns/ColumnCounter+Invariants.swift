extension ColumnCounter {
    /// Traps if the generated run table is malformed: it must start at U+0000,
    /// have strictly increasing starts within U+0000...U+10FFFF, widths in
    /// 0...2, and no two neighbouring runs of the same width. Only in builds
    /// with `TABSTRIP_INTERNAL_CHECKS`; a no-op otherwise.
    package static func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            let runs = scalarWidthRuns
            precondition(!runs.isEmpty && runs[0] >> 2 == 0, "the first run must start at U+0000")
            for (index, entry) in runs.enumerated() {
                precondition(entry & 3 <= 2, "run \(index) has width \(entry & 3)")
                precondition(entry >> 2 <= 0x10FFFF, "run \(index) starts past U+10FFFF")
                if index > 0 {
                    let previous = runs[index - 1]
                    precondition(previous >> 2 < entry >> 2, "run \(index) does not start after run \(index - 1)")
                    precondition(previous & 3 != entry & 3, "runs \(index - 1) and \(index) have the same width")
                }
            }
        #endif
    }
}
