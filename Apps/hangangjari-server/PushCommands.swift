import ArgumentParser
import Foundation
import Models
import PostgresStore
import ReferenceServer
import ServerAlerts
import ServerTrust

/// Web Push alerts, for operators: counts only, never an endpoint or a key.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Web Push alerts (VAPID_SUBJECT).", subcommands: [Status.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the alert subscriptions, the queue and the deliveries by outcome (never an endpoint).",
            discussion: "Reads the deployment's store as its unit configures it; see --history, --instance, --env-file."
        )

        @OptionGroup var store: StoreOptions

        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let environment = try store.environment()
            let now = try WallClock.from(environment: environment).now()
            let status: PushStatus
            switch try store.store(in: environment) {
            case .database(let url):
                status = try await withDatabase(url, label: "push") {
                    try await PostgresClientRecords(database: $0).status(now: now)
                }
            case .file(let path):
                status = try await SQLiteClientRecords(path: path).status(now: now)
            }
            if json {
                print(ContractCoding.text(status))
                return
            }
            print(
                "subscriptions\t\(status.subscriptions) (\(status.pushSubscriptions) by Web Push, \(status.armed) armed)"
            )
            print("queued\t\(status.pending)")
            print("sent\t\(status.sent)")
            print("gone\t\(status.gone) (subscriptions removed)")
            print("retried\t\(status.retried)")
            let failed = status.failed.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            print("failed\t\(failed.isEmpty ? "0" : failed.joined(separator: ", "))")
            print("last sent\t\(status.lastSentAt.map { ISO8601.format($0) } ?? "never")")
            print("retries\t\(PushSender.schedule)")
        }
    }
}
