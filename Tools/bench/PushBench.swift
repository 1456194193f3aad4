import ArgumentParser
import BenchmarkSupport
import Crypto
import CurlHTTP
import Foundation
import Models
import ServerAlerts
import ServerTrust
import WebPush

/// Web Push fan-out: one crossing of a lot with `subscriptions` subscriptions, from the server's start (the store
/// holds them; its first collection crosses them all) to the last 201 of a sink that only answers (nginx), with the
/// release server's peak memory; beside it, pywebpush sending the same number of the same payload to the same sink
/// in the same run; and the background parking round's time with none and while they are sent (sending is not in
/// its path).
struct PushBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Web Push fan-out of one crossing beside pywebpush, and the collection beside it.")
    @Option(help: "Subscriptions on the lot that crosses.") var subscriptions = 10_000
    @Option(help: "Rounds (each with a new server and sink); the median is reported.") var rounds = 3

    struct Round {
        var seconds: Double
        var span: Double
        var peakMiB: Double
        var roundNone: Double
        var roundSending: Double
        var reference: Double
    }

    func run() async throws {
        var results: [Round] = []
        for round in 1...rounds {
            let result = try await measure()
            print(
                String(
                    format:
                        "round %d: %d alerts in %.2f s (sending %.2f s; %.0f/s), peak RSS %.0f MiB; parking round %.1f ms idle, %.1f ms while sending; pywebpush %.2f s (%.0f/s)",
                    round, subscriptions, result.seconds, result.span, Double(subscriptions) / result.seconds,
                    result.peakMiB, result.roundNone * 1000, result.roundSending * 1000, result.reference,
                    Double(subscriptions) / result.reference))
            results.append(result)
        }
        let median = { (values: [Double]) in LatencySummary.median(values) }
        let seconds = median(results.map(\.seconds))
        let reference = median(results.map(\.reference))
        let none = median(results.map(\.roundNone))
        let overlapping = results.map(\.roundSending).filter { !$0.isNaN }
        let sending = overlapping.isEmpty ? Double.nan : median(overlapping)
        let span = median(results.map(\.span))
        print(
            BenchmarkRow.render([
                BenchmarkRow(
                    figure: "fan-out: \(subscriptions) alerts, server start to last 201",
                    value: String(format: "%.2f s", seconds),
                    reference: String(format: "pywebpush %.2f s", reference),
                    ratio: String(format: "%.1fx faster", reference / seconds), goal: "<= 10 s and >= 5x",
                    met: seconds <= 10 && reference / seconds >= 5),
                BenchmarkRow(
                    figure: "fan-out: first 201 to last 201", value: String(format: "%.2f s", span),
                    reference: String(format: "pywebpush %.2f s", reference),
                    ratio: String(format: "%.1fx faster", reference / span)),
                BenchmarkRow(
                    figure: "server peak RSS while sending",
                    value: String(format: "%.0f MiB", median(results.map(\.peakMiB)))),
                sending.isNaN
                    ? BenchmarkRow(figure: "parking round while sending", value: "no round ended while sending")
                    : BenchmarkRow(
                        figure: "parking round while sending", value: String(format: "%.1f ms", sending * 1000),
                        reference: String(format: "%.1f ms with none", none * 1000),
                        ratio: String(format: "%.2fx", sending / max(none, 1e-9)), goal: "within 10%",
                        met: sending <= none * 1.1),
            ]))
    }

    func measure() async throws -> Round {
        let sink = try Nginx.pushSink()
        defer { sink.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-push-bench-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("server.sqlite").path
        let admin = "push-bench-admin-" + UUID().uuidString
        let environment = [
            "HISTORY_PATH": database, "VAPID_SUBJECT": "mailto:ops@example.org", "PUSH_TEST_ENDPOINTS": "test-only",
            "ADMIN_TOKEN": admin, "COLLECTION_INTERVAL": "1", "FORECAST_LEARNING": "off", "BACKFILL_DAYS": "0",
        ]
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))
        func parkingRounds(_ baseURL: String) async throws -> (count: Double, sum: Double) {
            let response = try await transport.send(
                HTTPRequest(
                    url: baseURL + "/metrics", headers: [("Authorization", "Bearer \(admin)")],
                    deadline: Date().addingTimeInterval(10)))
            var count = 0.0
            var sum = 0.0
            for line in String(decoding: response.body, as: UTF8.self).split(separator: "\n")
            where line.contains("source=\"parking\"") {
                let value = Double(line.split(separator: " ").last ?? "") ?? 0
                if line.hasPrefix("hangangjari_collection_round_duration_seconds_count") { count = value }
                if line.hasPrefix("hangangjari_collection_round_duration_seconds_sum") { sum = value }
            }
            return (count, sum)
        }
        // Background rounds with no subscription.
        let (idle, idleURL) = try startServer(environment: environment)
        try await Task.sleep(for: .seconds(1.5))
        let idleStart = try await parkingRounds(idleURL)
        try await Task.sleep(for: .seconds(6))
        let idleEnd = try await parkingRounds(idleURL)
        idle.terminate()
        idle.waitUntilExit()

        // Every subscription with its own browser keys, on one lot whose count is under the threshold, stored while
        // no server runs; the server's first collection, before its port opens, crosses them all.
        let records = try SQLiteClientRecords(path: database)
        var references: [[String: Any]] = []
        for index in 0..<subscriptions {
            let receiver = P256.KeyAgreement.PrivateKey()
            let keys = WebPushTarget.Keys(
                p256dh: Base64URL.encode(receiver.publicKey.x963Representation),
                auth: Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) }))
            let subscription = PushSubscription(
                installHash: String(format: "%016x", index), lotId: "banpo-1", threshold: 1000, language: "ko",
                push: WebPushTarget(endpoint: sink.baseURL + "/push/\(index)", keys: keys))
            _ = try await records.applyOnce(
                ClientWrite(
                    idempotencyKey: "bench-\(index)", answer: Data(),
                    effect: .subscription(id: "s-\(index)", subscription)), now: Date())
            references.append([
                "endpoint": sink.baseURL + "/ref/\(index)", "keys": ["p256dh": keys.p256dh, "auth": keys.auth],
            ])
        }
        let started = Date()
        let (server, baseURL) = try startServer(environment: environment)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let sendingStart = try await parkingRounds(baseURL)
        // Lines are counted cheaply while waiting (the bench shares the two cores), and read once at the end.
        while sink.acceptedLines < subscriptions, Date().timeIntervalSince(started) < 120 {
            try await Task.sleep(for: .milliseconds(200))
        }
        let sendingEnd = try await parkingRounds(baseURL)
        let accepted = sink.acceptedLog.split(separator: "\n").filter { $0.contains(" /push/") && $0.hasSuffix(" 201") }
            .compactMap { Double($0.split(separator: " ").first ?? "") }
        guard accepted.count == subscriptions, let first = accepted.min(), let last = accepted.max() else {
            throw ValidationError("only \(accepted.count) of \(subscriptions) alerts arrived in 120 s")
        }
        let peak = Double(ResidentMemory.peakKiB(pid: server.processIdentifier) ?? 0) / 1024

        // pywebpush: the same number, the same payload and headers, to the same sink.
        let listFile = directory.appendingPathComponent("subscriptions.json")
        try JSONSerialization.data(withJSONObject: references).write(to: listFile)
        let payloadFile = directory.appendingPathComponent("payload.json")
        let message = AlertMessage.make(
            subscriptionId: "s-0",
            subscription: PushSubscription(installHash: "0", lotId: "banpo-1", threshold: 1000, language: "ko"),
            name: "반포1주차장", park: "banpo", available: 12, observedAt: Date(), trigger: .belowThreshold, simulated: true,
            publicURL: nil)
        try message.encoded().write(to: payloadFile)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "pywebpush-reference.py")
        let reference = try External.run(
            "/usr/bin/env",
            ["python3", script.path, listFile.path, payloadFile.path, Base64URL.encode(VAPIDKey.generate().stored)])
        guard let result = try JSONSerialization.jsonObject(with: Data(reference.output.utf8)) as? [String: Any],
            let referenceSeconds = result["seconds"] as? Double, (result["failed"] as? Int) == 0
        else { throw ValidationError("pywebpush did not send them all: \(reference.output)") }

        return Round(
            seconds: last - started.timeIntervalSince1970, span: last - first, peakMiB: peak,
            roundNone: (idleEnd.sum - idleStart.sum) / max(idleEnd.count - idleStart.count, 1),
            roundSending: sendingEnd.count > sendingStart.count
                ? (sendingEnd.sum - sendingStart.sum) / (sendingEnd.count - sendingStart.count) : .nan,
            reference: referenceSeconds)
    }
}
