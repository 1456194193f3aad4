import Foundation
import Models
import Networking
import TestSupport
import Testing

@Suite(.serialized) struct CredentialStoreTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-creds-\(UUID().uuidString)")
    }

    @Test func credentialsAreSavedPrivately() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let store = FileCredentialStore.live(directory: directory)
        _ = try await server.client(store: store).parks()
        let attributes = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent("credentials.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(store.load()?.baseURL == server.baseURL)
        #expect(store.installId().count == 32)
        #expect(store.installId() == store.installId())
    }

    @Test func twoClientsSharingTheContainerBootstrapOnce() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        // Two clients stand for two processes: separate memory, one container and one lock file.
        let a = server.client(store: FileCredentialStore.live(directory: directory))
        let b = server.client(store: FileCredentialStore.live(directory: directory))
        async let first = a.homeSummary("yeouido")
        async let second = b.homeSummary("banpo")
        _ = try await (first, second)
        #expect(server.backend.bootstrapsIssued == 1)
    }

    @Test func secretsNeverAppearInDescriptionsOrErrors() throws {
        let credentials = forgedCredentials("http://127.0.0.1:1", policy: .allow)
        let text = "\(credentials)"
        #expect(!text.contains(credentials.accessToken))
        #expect(!text.contains(credentials.signingKey.secret))
        #expect(text.contains("<redacted>"))
    }
}
