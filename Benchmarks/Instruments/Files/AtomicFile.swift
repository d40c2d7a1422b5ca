import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a set of files so that a reader (or an interrupted run) sees either the old set or the new one, never a mix
/// and never half a file.
///
/// ``stage(_:at:)`` writes each file in full into a temporary directory beside its destination (`.tmp-set-<pid>-<n>`,
/// ignored by git) and checks the destination: a directory is refused, a symbolic link is written through (its target
/// is replaced and the link kept), a device or FIFO (`/dev/null`, `/dev/stdout`) is written to directly. Nothing is
/// replaced until every file of the set is staged, so a bad target anywhere in the set leaves every old file as it was.
///
/// ``commit()`` then renames the staged files over their destinations with SIGINT and SIGTERM blocked, so an interrupt
/// during the renames takes effect only once the whole set is in place; if a rename fails, the destinations already
/// replaced get their old contents back. An interrupt before the commit removes the temporary files (a signal handler
/// does it before the process ends with that signal).
package struct AtomicFileSet {
    private struct Staged {
        var temporary: String?
        var destination: String
        var requested: String
        var direct: Data?
    }

    private var staged: [Staged] = []
    private var directories: [String: String] = [:]

    /// Writes `data` to a temporary file beside `path`, to be moved in place
    /// by ``commit()``. Creates the parent directory if needed.
    package mutating func stage(_ data: Data, at path: String) throws(FileError) {
        let destination = try Self.resolve(path)
        var info = stat()
        if lstat(destination, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw .cannotWrite(path: path, reason: "is a directory") }
            if kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO {
                staged.append(Staged(temporary: nil, destination: destination, requested: path, direct: data))
                return
            }
        }
        let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch { throw .cannotWrite(path: path, reason: "cannot create directory \(directory)") }
        let scratch = try scratchDirectory(in: directory, for: path)
        let temporary = scratch + "/" + String(staged.count) + "-" + URL(fileURLWithPath: destination).lastPathComponent
        TemporaryFiles.register(temporary)
        if let failure = Self.writeFile(temporary, data, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC) {
            unlink(temporary)
            TemporaryFiles.unregister(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        staged.append(Staged(temporary: temporary, destination: destination, requested: path, direct: nil))
    }

    /// Moves every staged file over its destination, as a whole.
    package mutating func commit() throws(FileError) {
        defer { discard() }
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // Keep the old versions (hard links in the scratch directory) so a failed rename can put them back.
        var backups: [(backup: String?, destination: String)] = []
        for file in staged {
            guard let temporary = file.temporary else { continue }
            let backup = temporary + ".old"
            TemporaryFiles.register(backup)
            backups.append((link(file.destination, backup) == 0 ? backup : nil, file.destination))
            if rename(temporary, file.destination) != 0 {
                let reason = String(cString: strerror(errno))
                for (old, destination) in backups.dropLast() {
                    if let old { rename(old, destination) } else { unlink(destination) }
                }
                throw .cannotWrite(path: file.requested, reason: reason)
            }
        }
        for file in staged where file.temporary == nil {
            if let data = file.direct, let failure = Self.writeFile(file.destination, data, flags: O_WRONLY | O_CLOEXEC)
            {
                throw .cannotWrite(path: file.requested, reason: failure)
            }
        }
    }

    /// Writes `files` into `directory` as one set and returns their paths: stages each, then commits them all, or
    /// discards every staged file when one fails.
    @discardableResult
    package static func write(_ files: [NamedFile], into directory: String) throws(FileError) -> [String] {
        let placed = files.map {
            (data: $0.data, path: URL(fileURLWithPath: directory).appendingPathComponent($0.name).path)
        }
        try write(placed)
        return placed.map(\.path)
    }

    /// Writes one file atomically (see ``AtomicFileSet``).
    package static func write(_ data: Data, to path: String) throws(FileError) { try write([(data, path)]) }

    private static func write(_ files: [(data: Data, path: String)]) throws(FileError) {
        var set = AtomicFileSet()
        do {
            for file in files { try set.stage(file.data, at: file.path) }
            try set.commit()
        } catch {
            set.discard()
            throw error
        }
    }

    /// Writes one text file atomically, UTF-8 encoded.
    package static func write(_ text: String, to path: String) throws(FileError) {
        try write(Data(text.utf8), to: path)
    }

    /// Removes every staged temporary file; nothing is replaced.
    package mutating func discard() {
        for temporary in staged.compactMap(\.temporary) {
            for path in [temporary, temporary + ".old"] {
                unlink(path)
                TemporaryFiles.unregister(path)
            }
        }
        for scratch in directories.values {
            rmdir(scratch)
            TemporaryFiles.unregister(scratch)
        }
        staged.removeAll()
        directories.removeAll()
    }

    // MARK: Internals

    private mutating func scratchDirectory(in directory: String, for path: String) throws(FileError) -> String {
        if let existing = directories[directory] { return existing }
        let scratch = directory + "/.tmp-set-\(getpid())-\(TemporaryFiles.nextSerial())"
        TemporaryFiles.register(scratch)
        guard mkdir(scratch, 0o700) == 0 else {
            TemporaryFiles.unregister(scratch)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        directories[directory] = scratch
        return scratch
    }

    private static func resolve(_ path: String) throws(FileError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            // A dangling link: write where it points.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, Int(PATH_MAX))
            guard count > 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") { return target }
            return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func writeFile(_ path: String, _ data: Data, flags: Int32) -> String? {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
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
        if failure == nil, flags & O_CREAT != 0, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        return failure
    }
}

/// The temporary paths of sets being written, removed by a SIGINT or SIGTERM handler before the process ends with that
/// signal.
///
/// The handler only calls async-signal-safe functions (`unlink`, `rmdir`, `signal`, `raise`) on C strings prepared
/// beforehand.
///
/// Sets are written from several threads at once (the tests run in parallel), so the registry and the serial number are
/// changed under `lock`: unguarded, two writers could take the same serial (the same scratch directory) or the same
/// slot. The handler reads the slots without the lock, as a signal handler must.
enum TemporaryFiles {
    static let capacity = 256
    nonisolated(unsafe) static var paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
        capacity: capacity)
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static var serial = 0
    static let lock = NSLock()

    static func nextSerial() -> Int {
        lock.withLock {
            serial += 1
            return serial
        }
    }

    /// Remembers `path` for the handler (installing it on first use).
    static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            paths.initialize(repeating: nil, count: capacity)
            signal(SIGINT, handle)
            signal(SIGTERM, handle)
        }
        for slot in 0..<capacity where paths[slot] == nil {
            paths[slot] = strdup(path)
            return
        }
    }

    static func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        guard installed else { return }
        for slot in 0..<capacity {
            if let entry = paths[slot], String(cString: entry) == path {
                paths[slot] = nil
                free(entry)
                return
            }
        }
    }
}

private func handle(_ signalNumber: Int32) {
    for pass in 0..<2 {
        for slot in 0..<TemporaryFiles.capacity {
            if let entry = TemporaryFiles.paths[slot] { if pass == 0 { unlink(entry) } else { rmdir(entry) } }
        }
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// One file of a set: its name in the directory the set goes to, and its contents.
package struct NamedFile: Sendable, Equatable {
    package var name: String
    package var data: Data

    package init(name: String, data: Data) { (self.name, self.data) = (name, data) }

    package init(name: String, text: String) { self.init(name: name, data: Data(text.utf8)) }
}

/// Why a file could not be written.
package enum FileError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    /// `path: cannot write: reason`.
    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}
