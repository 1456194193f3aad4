import Foundation
import Storage

/// One instance per state directory on SQLite. Instances on SQLite files share nothing: each would make its own
/// VAPID key (a phone subscribed through one would be pushed with the other's) and each would call Seoul for every
/// area against the one daily quota. Several instances share PostgreSQL (`DATABASE_URL`) instead; this lock makes
/// the second one on SQLite in a directory refuse to start, naming the first.
public enum StateDirectoryLock {
    /// The lock file's name in the state directory.
    public static let fileName = "instance.lock"

    /// Why an instance may not start here.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Takes the lock of the directory holding `historyPath`, for as long as the returned lock lives (the kernel
    /// frees it when the process ends, however it ends), and writes this process and file into it for the next.
    public static func acquire(historyPath: String) throws(Refusal) -> FileLock {
        let history = URL(fileURLWithPath: historyPath)
        let directory = history.deletingLastPathComponent()
        let url = directory.appendingPathComponent(fileName)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Refusal(description: "cannot make the state directory \(directory.path): \(error)")
        }
        let lock: FileLock
        do {
            lock = try FileLock(url, deadline: .distantPast)
        } catch StorageError.lockTimeout {
            let holder =
                (try? String(contentsOf: url, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw Refusal(
                description: "another instance (\(holder.isEmpty ? "unknown" : holder)) keeps its state on SQLite in "
                    + "\(directory.path): instances on SQLite share neither the Web Push key nor the collector, so "
                    + "one runs per state directory; run several instances on PostgreSQL (DATABASE_URL, "
                    + "Docs/operations.md)")
        } catch {
            // Not another instance: the lock file itself cannot be opened (permissions, a read-only directory).
            throw Refusal(description: "cannot take the state directory's lock: \(error)")
        }
        // The same file, not a new one in its place: the lock belongs to this inode.
        if let handle = FileHandle(forWritingAtPath: url.path) {
            try? handle.truncate(atOffset: 0)
            handle.write(Data("pid \(getpid()), \(history.lastPathComponent)\n".utf8))
            try? handle.close()
        }
        return lock
    }
}
