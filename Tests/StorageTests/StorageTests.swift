import Foundation
import Localization
import Models
import Storage
import Testing

func temporaryContainer() -> SharedContainer {
    SharedContainer(
        url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-storage-\(UUID().uuidString)"))
}

@Suite struct SharedContainerTests {
    @Test func xdgDefaultsApplyWhenUnsetAsUnderCron() throws {
        let container = try SharedContainer.resolve(environment: ["HOME": "/home/minji"])
        #expect(container.url.path == "/home/minji/.local/state/hangangjari")
        let empty = try SharedContainer.resolve(environment: ["HOME": "/home/minji", "XDG_STATE_HOME": ""])
        #expect(empty.url.path == "/home/minji/.local/state/hangangjari")
        let set = try SharedContainer.resolve(environment: ["HOME": "/home/minji", "XDG_STATE_HOME": "/tmp/state"])
        #expect(set.url.path == "/tmp/state/hangangjari")
        let profile = try SharedContainer.resolve(environment: [
            "HOME": "/x", "HANGANGJARI_STATE_DIR": "/tmp/profile-2",
        ])
        #expect(profile.url.path == "/tmp/profile-2")
        #expect(throws: StorageError.noHome) { try SharedContainer.resolve(environment: [:]) }
    }

    @Test func containerIsPrivate() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        try container.prepare()
        let mode = try FileManager.default.attributesOfItem(atPath: container.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func readOnlyDirectoryGivesAClearError() throws {
        guard getuid() != 0 else { return }  // root writes anywhere; the end-to-end test uses a read-only mount instead
        let container = temporaryContainer()
        try container.prepare()
        defer {
            chmod(container.url.path, 0o700)
            try? FileManager.default.removeItem(at: container.url)
        }
        chmod(container.url.path, 0o500)
        #expect(throws: StorageError.self) { try AtomicFile.write(Data("x".utf8), to: container.file("a")) }
    }
}

@Suite struct SettingsStoreTests {
    @Test func updatesPersistAndMerge() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SettingsStore(container: container)
        try store.update { $0.favorites = ["banpo", "yeouido"] }
        try store.update { $0.widgetParks[.parking] = "jamsil" }
        let (settings, warning) = store.load()
        #expect(warning == nil)
        #expect(settings.favorites == ["banpo", "yeouido"])
        #expect(settings.widgetParks[.parking] == "jamsil")
    }

    @Test func corruptFileIsMovedAsideAndFavoritesAreKept() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        try container.prepare()
        try Data(#"{"version":1,"favorites":["nanji","mangwon","nowhere"],"widgetParks":{"parking":"#.utf8).write(
            to: container.file("settings.json"))
        let (settings, warning) = SettingsStore(container: container).load()
        #expect(settings.favorites == ["nanji", "mangwon"])
        #expect(warning?.technical.contains("moved aside") == true)
        #expect(warning?.text(Localizer(.ko)).contains("옮겼어요") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: container.url.path)
        #expect(files.contains { $0.hasPrefix("settings.json.corrupt-") })
        // The kept favourites were written back.
        #expect(SettingsStore(container: container).load().settings.favorites == ["nanji", "mangwon"])
    }

    @Test func olderAndNewerFilesRead() throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        try container.prepare()
        try Data(#"{"version":9,"favorites":["ichon"],"futureFeature":{"x":1}}"#.utf8).write(
            to: container.file("settings.json"))
        #expect(SettingsStore(container: container).load().settings.favorites == ["ichon"])
        try Data(#"{}"#.utf8).write(to: container.file("settings.json"))
        #expect(SettingsStore(container: container).load().settings == Settings())
    }

    @Test func concurrentWritersLoseNothing() async throws {
        let container = temporaryContainer()
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SettingsStore(container: container)
        let parks = Catalog.bundled.parks.map(\.id)
        await withTaskGroup(of: Void.self) { group in
            for park in parks {
                group.addTask {
                    _ = try? store.update { if !$0.favorites.contains(park) { $0.favorites.append(park) } }
                }
            }
        }
        #expect(Set(store.load().settings.favorites) == Set(parks))
    }
}
