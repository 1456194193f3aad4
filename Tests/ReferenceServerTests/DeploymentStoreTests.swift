import Foundation
import ReferenceServer
import Testing

/// Operator commands find the deployment's store as its unit configures it, say which, and never make one.
struct DeploymentStoreTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-store-\(UUID().uuidString)")

    func file(_ name: String, _ text: String = "") throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aGivenFileThatIsMissingIsNamed() throws {
        #expect(throws: DeploymentStore.NotFound(description: "no server store at /nonexistent (from --history)")) {
            try DeploymentStore.locate(history: "/nonexistent", instance: nil, environment: [:])
        }
    }

    @Test func theEnvironmentFileIsReadUnderTheProcesssOwnVariables() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let history = try file("state/history-8081.sqlite")
        let env = try file("server.env", "# the unit's\nHISTORY_PATH=\"\(history)\"\nPUSH_TIMEOUT=5\n")
        let merged = try DeploymentStore.environment(envFile: env, process: ["PUSH_TIMEOUT": "7"])
        #expect(merged["HISTORY_PATH"] == history && merged["PUSH_TIMEOUT"] == "7")
        #expect(try DeploymentStore.locate(history: nil, instance: nil, environment: merged) == .file(path: history))
        #expect(throws: DeploymentStore.NotFound.self) {
            try DeploymentStore.environment(envFile: root.appendingPathComponent("none.env").path, process: [:])
        }
        let database = try DeploymentStore.locate(
            history: nil, instance: nil, environment: ["DATABASE_URL": "postgres://h/db", "HISTORY_PATH": history])
        #expect(database == .database(url: "postgres://h/db"))
    }

    @Test func theUnitsInstanceFileIsTakenWhenItIsTheOnlyOneOrNamed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state").path
        let first = try file("state/history-8081.sqlite")
        let home = ["HOME": root.appendingPathComponent("home").path]
        #expect(
            try DeploymentStore.locate(history: nil, instance: nil, environment: home, stateDirectory: state)
                == .file(path: first))
        let second = try file("state/history-8082.sqlite")
        #expect(
            throws: DeploymentStore.NotFound(
                description: "2 instances keep their stores in \(state) (history-8081.sqlite, history-8082.sqlite): "
                    + "give --instance PORT")
        ) { try DeploymentStore.locate(history: nil, instance: nil, environment: home, stateDirectory: state) }
        #expect(
            try DeploymentStore.locate(history: nil, instance: "8082", environment: home, stateDirectory: state)
                == .file(path: second))
    }

    @Test func withNothingFoundEveryPlaceIsNamedAndNothingIsMade() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        do {
            _ = try DeploymentStore.locate(
                history: nil, instance: nil, environment: ["HOME": home.path],
                stateDirectory: root.appendingPathComponent("none").path)
            Issue.record("a store was found")
        } catch {
            #expect(error.description.contains("DATABASE_URL and HISTORY_PATH are not set"))
            #expect(error.description.contains("\(home.path)/.local/state/hangangjari/server-history.sqlite"))
            #expect(error.description.hasSuffix("give --history FILE or --env-file FILE"))
        }
        #expect(!FileManager.default.fileExists(atPath: home.path), "nothing is made in the caller's home")
    }
}
