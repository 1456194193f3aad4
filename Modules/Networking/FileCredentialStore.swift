import CurlHTTP
import Foundation
import Models
import RequestProof

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Credentials in files of the shared container: `credentials.json` and `install-id` (mode 0600), and
/// `bootstrap.lock`, so that concurrent processes do not stampede bootstrap.
public enum FileCredentialStore {
    /// A store in `directory` (created 0700 when missing).
    public static func live(directory: URL) -> CredentialStore {
        let credentialsURL = directory.appendingPathComponent("credentials.json")
        let installURL = directory.appendingPathComponent("install-id")
        let lockPath = directory.appendingPathComponent("bootstrap.lock").path
        return CredentialStore(
            load: {
                guard let data = try? Data(contentsOf: credentialsURL) else { return nil }
                return try? ContractCoding.makeDecoder().decode(Credentials.self, from: data)
            },
            save: { credentials in
                try ensureDirectory(directory)
                try writePrivate(ContractCoding.encode(credentials), to: credentialsURL)
            },
            withBootstrapLock: { deadline, body in
                try ensureDirectory(directory)
                let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission) }
                defer { close(fd) }
                while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    guard Date() < deadline else { throw TransportError.timeout }
                    try await Task.sleep(for: .milliseconds(20))
                }
                defer { flock(fd, LOCK_UN) }
                return try await body()
            },
            installId: {
                if let text = try? String(contentsOf: installURL, encoding: .utf8) {
                    let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if id.count == 32, id.allSatisfy(\.isHexDigit) { return id }
                }
                let id = randomHex(bytes: 16)
                try? ensureDirectory(directory)
                try? writePrivate(Data(id.utf8), to: installURL)
                return id
            })
    }

    static func ensureDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Writes a 0600 file atomically: temporary file in the same directory, fsync, rename.
    static func writePrivate(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == data.count, synced == 0, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
