#if canImport(Glibc)
    import Glibc
#endif

/// Where the app writes text: standard output, standard error, or a buffer in tests.
package protocol OutputSink: AnyObject {
    func write(_ text: String)
    /// Whether this is an interactive terminal (progress bars are drawn only on one).
    var isTerminal: Bool { get }
}

/// Standard output or standard error, unbuffered.
package final class StandardStream: OutputSink {
    private let descriptor: Int32

    package static func output() -> StandardStream { StandardStream(descriptor: 1) }
    package static func error() -> StandardStream { StandardStream(descriptor: 2) }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    package var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes `text`'s UTF-8 bytes, unbuffered, continuing after partial writes and interrupted calls; on any other
    /// failure the rest of the text is dropped without an error.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// Collects text in memory (tests).
package final class StringSink: OutputSink {
    package private(set) var text = ""
    package var isTerminal: Bool

    package init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    package func write(_ text: String) { self.text += text }
}
