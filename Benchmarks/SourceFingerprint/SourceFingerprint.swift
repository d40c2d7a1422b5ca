import Foundation

/// A digest of the Swift sources the harness inlines engine code from: the library (`Sources/`) and the test support it
/// links (`Tests/TabStripTestSupport`).
///
/// The build-tool plugin `EngineFingerprint` compiles the fingerprint of the sources on disk into the harness (and the
/// demo), with every one of those files as an input of the build step. Any edit of an engine file therefore changes a
/// source file of the harness, and SwiftPM recompiles it: an incremental release build can no longer link a harness
/// that inlined an older `@inlinable` body. At run time `bench` compares the compiled fingerprint with the sources on
/// disk and refuses to measure when they differ.
package struct SourceFingerprint: Hashable, Sendable, CustomStringConvertible {
    package static let folders = ["Sources", "Tests/TabStripTestSupport"]

    /// 64-bit FNV-1a over every file's relative path, size and bytes, in path order.
    package var digest: UInt64
    package var fileCount: Int

    package init(digest: UInt64, fileCount: Int) { (self.digest, self.fileCount) = (digest, fileCount) }

    /// `"fnv1a64:0123456789abcdef/123"`: the digest in hex and the file count.
    package var description: String { "fnv1a64:" + String(format: "%016llx", digest) + "/\(fileCount)" }

    /// Parses ``description``; `nil` for anything else.
    package init?(_ text: String) {
        guard text.hasPrefix("fnv1a64:"), let slash = text.firstIndex(of: "/") else { return nil }
        let hex = text[text.index(text.startIndex, offsetBy: 8)..<slash]
        guard hex.count == 16, let digest = UInt64(hex, radix: 16),
            let count = Int(text[text.index(after: slash)...]), count >= 0
        else { return nil }
        self.init(digest: digest, fileCount: count)
    }

    /// The `.swift` files under ``folders`` of `root`, as paths relative to `root`, sorted.
    package static func files(under root: URL) -> [String] {
        var paths: [String] = []
        let manager = FileManager.default
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                var isDirectory: ObjCBool = false
                let full = base.appendingPathComponent(relative).path
                guard manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    continue
                }
                paths.append(folder + "/" + relative)
            }
        }
        return paths.sorted()
    }

    /// The fingerprint of the sources under `root` as they are on disk.
    package static func ofSources(at root: URL) throws -> SourceFingerprint {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let paths = files(under: root)
        for path in paths {
            let contents = try Data(contentsOf: root.appendingPathComponent(path))
            mix(path.utf8)
            mix(CollectionOfOne(0))
            mix(String(contents.count).utf8)
            mix(CollectionOfOne(0))
            mix(contents)
        }
        return SourceFingerprint(digest: hash, fileCount: paths.count)
    }
}
