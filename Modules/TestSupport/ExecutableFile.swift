import Foundation

/// Writes executables that a test runs right away.
///
/// Foundation's `Data.write(to:)` opens without close-on-exec: a process another test spawns while the file is
/// still open inherits the write descriptor, and running the file then fails with "Text file busy" (ETXTBSY).
public enum ExecutableFile {
    /// Writes `bytes` to a new file at `url` (replacing one that is there) with mode 0755 through a close-on-exec
    /// descriptor.
    public static func write(_ bytes: Data, to url: URL) throws {
        unlink(url.path)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += written
            }
        }
    }

    /// Writes a shell script (`#!/bin/sh` and `body`) to `url`.
    public static func script(_ body: String, at url: URL) throws {
        try write(Data("#!/bin/sh\n\(body)".utf8), to: url)
    }
}
