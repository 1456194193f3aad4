import Foundation
import ReferenceServer
import Storage
import Testing

@Suite struct StateDirectoryLockTests {
    func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-lock-\(UUID().uuidString)/state")
    }

    @Test func aSecondHolderInTheDirectoryIsRefusedAndNamesTheFirst() throws {
        let state = directory()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        var first: FileLock? = try StateDirectoryLock.acquire(historyPath: state.path + "/history-8081.sqlite")
        #expect(first != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: state.path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the directory it made is its owner's only")
        do {
            _ = try StateDirectoryLock.acquire(historyPath: state.path + "/history-8082.sqlite")
            Issue.record("a second instance took the lock")
        } catch {
            #expect(error.description.contains("another instance (pid \(getpid()), history-8081.sqlite)"))
            #expect(error.description.contains(state.path) && error.description.contains("DATABASE_URL"))
        }
        // Another directory is another deployment.
        let other = directory()
        defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
        _ = try StateDirectoryLock.acquire(historyPath: other.path + "/history-8082.sqlite")
        first = nil
        _ = try StateDirectoryLock.acquire(historyPath: state.path + "/history-8082.sqlite")
    }

    @Test func aDirectoryThatCannotBeMadeIsNamed() {
        do {
            _ = try StateDirectoryLock.acquire(historyPath: "/proc/hj-nowhere/history.sqlite")
            Issue.record("a lock in /proc")
        } catch {
            #expect(error.description.contains("/proc/hj-nowhere"), "\(error)")
        }
    }

    /// A lock file that cannot be opened is that, not "another instance".
    @Test func aLockFileThatCannotBeOpenedIsNamedAsSuch() throws {
        let state = directory()
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(
            at: state.appendingPathComponent(StateDirectoryLock.fileName), withIntermediateDirectories: true)
        do {
            _ = try StateDirectoryLock.acquire(historyPath: state.path + "/history-8081.sqlite")
            Issue.record("a lock on a directory")
        } catch {
            #expect(error.description.hasPrefix("cannot take the state directory's lock"), "\(error)")
            #expect(!error.description.contains("another instance"))
        }
    }
}
