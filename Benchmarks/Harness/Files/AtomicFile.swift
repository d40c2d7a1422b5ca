import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a reader (or a crash) never sees half of one: each
/// file is first written in full to a temporary file in the same directory
/// (`.tmp-<name>-<pid>-<n>`, ignored by git), flushed to disk, then renamed
/// over the destination, which POSIX makes atomic.
///
/// A set of files is staged completely before the first rename, so an
/// interrupted run leaves either the old files or the new ones (and at worst
/// stray `.tmp-*` files), never a truncated one.
public struct AtomicFileSet {
    private var staged: [(temporary: String, destination: String)] = []
    private var sequence = 0

    /// Creates an empty set.
    public init() {}

    /// Writes `data` to a temporary file beside `path`, to be moved in place
    /// by ``commit()``. Creates the parent directory if needed.
    /// - Throws: ``FileError`` naming `path`; no temporary file is left.
    /// - Complexity: O(`data.count`), plus one `fsync` that waits for the
    ///   disk.
    public mutating func stage(_ data: Data, at path: String) throws(FileError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot create directory \(directory)")
        }
        sequence += 1
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".tmp-\(url.lastPathComponent)-\(getpid())-\(sequence)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        var failure: String?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress!.advanced(by: offset), raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        staged.append((temporary, path))
    }

    /// Renames every staged file over its destination, in staging order.
    /// - Throws: ``FileError`` naming the first destination that could not
    ///   be replaced; the files renamed before it stay, the temporaries of
    ///   the rest are deleted.
    /// - Complexity: O(staged files), one `rename` each.
    public mutating func commit() throws(FileError) {
        defer { staged.removeAll() }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.temporary) }
            throw .cannotWrite(path: file.destination, reason: reason)
        }
    }

    /// Deletes every staged temporary file without touching the destinations.
    /// - Complexity: O(staged files), one `unlink` each.
    public mutating func discard() {
        for file in staged { unlink(file.temporary) }
        staged.removeAll()
    }

    /// Writes one file atomically.
    /// - Complexity: that of ``stage(_:at:)``: O(`data.count`) plus one
    ///   `fsync`.
    public static func write(_ data: Data, to path: String) throws(FileError) {
        var set = AtomicFileSet()
        try set.stage(data, at: path)
        try set.commit()
    }

    /// Writes one text file (UTF-8) atomically.
    /// - Complexity: O(n) in the text's UTF-8 length, plus one `fsync`.
    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(Data(text.utf8), to: path)
    }
}

/// A file that could not be written.
public enum FileError: Error, Equatable, CustomStringConvertible {
    /// Writing `path` failed for `reason`.
    case cannotWrite(path: String, reason: String)

    /// `path: cannot write: reason`, one line.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}
