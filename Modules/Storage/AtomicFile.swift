import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Files that are never half-written: write a temporary file in the same directory, fsync, rename over the target,
/// fsync the directory. Readers see the old or the new file, even after kill -9.
public enum AtomicFile {
    /// Replaces `url` with `data` (mode 0600 unless told otherwise).
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(StorageError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .unwritable(path: url.path, reason: String(cString: strerror(errno))) }
        var offset = 0
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fchmod(fd, mode) != 0 { failure = errno }  // the umask may have narrowed it
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary.path)
            throw .unwritable(path: url.path, reason: String(cString: strerror(failure)))
        }
        let dfd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// The file's bytes, or nil when it does not exist.
    public static func read(_ url: URL, limit: Int = 1 << 20) -> Data? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: min(limit, 64 << 10))
        while data.count < limit {
            let wanted = min(chunk.count, limit - data.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            data.append(contentsOf: chunk[..<got])
        }
        return data
    }

    /// Makes `path` a file only its owner can read and write: created empty with mode 0600 when missing, narrowed to
    /// 0600 when an older version left it wider. SQLite gives its -wal and -shm files the main file's mode.
    public static func restrictToOwner(_ path: String) throws(StorageError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Moves a corrupt file aside as `name.corrupt-<time>` and returns the new path.
    @discardableResult
    public static func moveAside(_ url: URL) -> String? {
        let target = url.path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
        return rename(url.path, target) == 0 ? target : nil
    }
}

/// An advisory lock on a file (`flock`), released on close, exit or kill -9.
public final class FileLock {
    private let fd: Int32

    /// Takes the exclusive lock on `url`, waiting until `deadline`.
    public init(_ url: URL, deadline: Date) throws(StorageError) {
        fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritable(path: url.path, reason: String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard Date() < deadline else {
                close(fd)
                throw .lockTimeout(path: url.path)
            }
            usleep(5_000)
        }
    }

    /// Tries the lock once; nil when another process holds it.
    public static func attempt(_ url: URL) -> FileLock? {
        try? FileLock(url, deadline: .distantPast)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
