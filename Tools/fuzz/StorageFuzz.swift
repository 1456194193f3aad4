// libFuzzer target: the widget snapshot readers (parking and go) and the settings reader, as the widget runs them (real files).
// A snapshot that reads must write and read back equal; a settings file never crashes the reader.
import Foundation
import Models
import Storage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStorage(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    // On tmpfs when there is one: the readers are under test, not the disk.
    let root = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
    let container = SharedContainer(url: URL(fileURLWithPath: "\(root)/hj-fuzz-storage-\(getpid())"))
    try? container.prepare()
    defer {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: container.url.path)) ?? [] {
            try? FileManager.default.removeItem(at: container.file(name))
        }
    }
    let store = SnapshotStore(container: container)
    try? data.write(to: store.url(.parking, "yeouido"))
    if case .success(let snapshot) = store.read(.parking, "yeouido") {
        try? store.write(snapshot)
        guard case .success(let again) = store.read(.parking, "yeouido"), again == snapshot else {
            fatalError("a snapshot that reads does not read back after writing")
        }
    }
    // The go snapshot: every lot's forecast in its compact rows.
    try? data.write(to: store.url(.go, "yeouido"))
    if case .success(let snapshot) = store.read(.go, "yeouido") {
        try? store.write(snapshot)
        guard case .success(let again) = store.read(.go, "yeouido"), again == snapshot else {
            fatalError("a go snapshot that reads does not read back after writing")
        }
    }
    try? data.write(to: container.file("settings.json"))
    _ = SettingsStore(container: container).load()
    return 0
}
