extension TabTitles {
    /// Traps if the chunks and starts disagree, a chunk is empty, or the
    /// count is stale.
    package func _checkInvariants() {
        #if TABSTRIP_INTERNAL_CHECKS
            precondition(isFromSource == !(source is NoTitleSource), "the source flag disagrees with the source")
            if isFromSource {
                precondition(chunks.isEmpty && starts.isEmpty, "titles from a source store no chunks")
                precondition(total >= 0, "count \(total)")
                return
            }
            precondition(starts.count == chunks.count, "\(starts.count) starts for \(chunks.count) chunks")
            var running = 0
            for (c, chunk) in chunks.enumerated() {
                precondition(!chunk.isEmpty, "chunk \(c) is empty")
                precondition(starts[c] == running, "chunk \(c) starts at \(starts[c]), expected \(running)")
                precondition(chunks.count == 1 || chunk.count <= maximumChunk, "chunk \(c) holds \(chunk.count)")
                precondition(
                    chunks.count == 1 || chunk.count >= minimumChunk || c == chunks.count - 1,
                    "chunk \(c) holds only \(chunk.count)")
                running += chunk.count
            }
            precondition(running == total, "count \(total), chunks hold \(running)")
        #endif
    }
}
