import ArgumentParser
import Foundation
import PostgresStore
import ReferenceServer

/// Where an operator command finds the deployment's store (`DeploymentStore.locate`), and says which it opened.
struct StoreOptions: ParsableArguments {
    @Option(help: "The server's SQLite file (default: DATABASE_URL, then HISTORY_PATH, then the unit's instance file).")
    var history: String?

    @Option(help: "The instance (its port) whose \(DeploymentStore.unitStateDirectory)/history-PORT.sqlite to read.")
    var instance: String?

    @Option(
        name: .customLong("env-file"),
        help: "The unit's environment file (default: \(DeploymentStore.unitEnvironmentFile) when it exists).")
    var envFile: String?

    /// The process's environment under the environment file's.
    func environment() throws -> [String: String] {
        do {
            return try DeploymentStore.environment(envFile: envFile, process: ProcessInfo.processInfo.environment)
        } catch { throw ValidationError(error.description) }
    }

    /// The store found in `environment` (``environment()``'s), named on stderr; a usage error naming every place
    /// looked at when there is none.
    func store(in environment: [String: String]) throws -> DeploymentStore {
        let store: DeploymentStore
        do {
            store = try DeploymentStore.locate(history: history, instance: instance, environment: environment)
        } catch { throw ValidationError(error.description) }
        name(store)
        return store
    }

    /// Says on stderr which store the command opened (a database without its password).
    func name(_ store: DeploymentStore) {
        let shown: String
        switch store {
        case .file(let path): shown = path
        case .database(let url): shown = (try? DatabaseURL(url).redacted) ?? "DATABASE_URL"
        }
        FileHandle.standardError.write(Data("hangangjari-server: store \(shown)\n".utf8))
    }
}
