import ArgumentParser
import BenchmarkSupport
import Crypto
import CurlHTTP
import Foundation
import Models
import ServerAlerts
import ServerTrust
import WebPush

/// Web Push fan-out of one crossing of a lot with `subscriptions` subscriptions, on the release server with its
/// SQLite file, to a sink that only answers (nginx), beside pywebpush sending the same number of the same payload
/// to the same sink in the same run:
/// - fan-out: from a collection asked for (`/admin/faults`, which returns once the listeners have acted) to the last
///   201; the collection itself takes about a millisecond (the idle round below), so this is, within it, from the
///   end of the collection;
/// - the parking round's time with no subscription, and while `roundSubscriptions` are stored, crossed and sent
///   (stored while the server runs its rounds every second; each round crosses those stored since the last);
/// - the server's peak memory while sending.
struct PushBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Web Push fan-out of one crossing beside pywebpush, and the collection beside it.")
    @Option(help: "Subscriptions on the lot that crosses.") var subscriptions = 10_000
    @Option(help: "Subscriptions crossed while the parking rounds are timed (enough to send for several rounds).")
    var roundSubscriptions = 30_000
    @Option(help: "Rounds (each with new servers and sinks); the median is reported.") var rounds = 3

    struct Round {
        var fanOut: Double
        var span: Double
        var peakMiB: Double
        var roundNone: Double
        var roundSending: Double
        var reference: Double
    }

    static let admin = "push-bench-admin-" + UUID().uuidString

    func run() async throws {
        var results: [Round] = []
        for round in 1...rounds {
            let result = try await measure()
            print(
                String(
                    format:
                        "round %d: %d alerts, collection to last 201 %.2f s (first to last 201 %.2f s; %.0f/s), peak RSS %.0f MiB; parking round %.2f ms idle, %.2f ms while sending; pywebpush %.2f s (%.0f/s)",
                    round, subscriptions, result.fanOut, result.span, Double(subscriptions) / result.fanOut,
                    result.peakMiB, result.roundNone * 1000, result.roundSending * 1000, result.reference,
                    Double(subscriptions) / result.reference))
            results.append(result)
        }
        let median = { (values: [Double]) in LatencySummary.median(values) }
        let fanOut = median(results.map(\.fanOut))
        let reference = median(results.map(\.reference))
        let none = median(results.map(\.roundNone))
        let overlapping = results.map(\.roundSending).filter { !$0.isNaN }
        let sending = overlapping.isEmpty ? Double.nan : median(overlapping)
        print(
            BenchmarkRow.render([
                BenchmarkRow(
                    figure: "fan-out: \(subscriptions) alerts, collection to last 201",
                    value: String(format: "%.2f s", fanOut), reference: String(format: "pywebpush %.2f s", reference),
                    ratio: String(format: "%.1fx faster", reference / fanOut), goal: "<= 10 s and >= 5x",
                    met: fanOut <= 10 && reference / fanOut >= 5),
                BenchmarkRow(
                    figure: "server peak RSS while sending",
                    value: String(format: "%.0f MiB", median(results.map(\.peakMiB)))),
                sending.isNaN
                    ? BenchmarkRow(figure: "parking round while sending", value: "no round ended while sending")
                    : BenchmarkRow(
                        figure: "parking round while sending", value: String(format: "%.2f ms", sending * 1000),
                        reference: String(format: "%.2f ms with none", none * 1000),
                        ratio: String(format: "%.2fx", sending / max(none, 1e-9)), goal: "within 10%",
                        met: sending <= none * 1.1),
            ]))
    }

    func environment(database: String, interval: String) -> [String: String] {
        [
            "HISTORY_PATH": database, "VAPID_SUBJECT": "mailto:ops@example.org", "PUSH_TEST_ENDPOINTS": "test-only",
            "ADMIN_TOKEN": Self.admin, "COLLECTION_INTERVAL": interval, "FORECAST_LEARNING": "off",
            "BACKFILL_DAYS": "0",
        ]
    }

    func measure() async throws -> Round {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-push-bench-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = CurlTransport(configuration: TransportConfiguration(userAgent: "hangangjari-bench"))

        // 1. Background rounds with no subscription.
        let rounds = directory.appendingPathComponent("rounds.sqlite").path
        let (idle, idleURL) = try startServer(environment: environment(database: rounds, interval: "1"))
        try await Task.sleep(for: .seconds(1.5))
        let idleStart = try await parkingRounds(idleURL, transport)
        try await Task.sleep(for: .seconds(6))
        let idleEnd = try await parkingRounds(idleURL, transport)
        stop(idle)

        // 2. Rounds while sending: subscriptions stored while the server runs its rounds every second, each round
        //    crossing those stored since the last, so the watcher queues and the dispatcher sends beside the rounds.
        let roundsSink = try Nginx.pushSink()
        defer { roundsSink.stop() }
        let (crossing, crossingURL) = try startServer(environment: environment(database: rounds, interval: "1"))
        let sendingStart = try await parkingRounds(crossingURL, transport)
        let storing = Date()
        _ = try await store(roundSubscriptions, into: rounds, sink: roundsSink)
        try await waitFor(roundsSink, count: roundSubscriptions, started: storing)
        let sendingEnd = try await parkingRounds(crossingURL, transport)
        stop(crossing)

        // 3. The fan-out: stored while the server runs without background rounds, crossed by a collection asked for.
        let sink = try Nginx.pushSink()
        defer { sink.stop() }
        let database = directory.appendingPathComponent("fan-out.sqlite").path
        let (server, baseURL) = try startServer(environment: environment(database: database, interval: "3600"))
        defer { stop(server) }
        let references = try await store(subscriptions, into: database, sink: sink)
        let asked = Date()
        let collected = try await transport.send(
            HTTPRequest(
                method: .post, url: baseURL + "/admin/faults?spec=none",
                headers: [("Authorization", "Bearer \(Self.admin)")],
                deadline: Date().addingTimeInterval(60)))
        guard collected.status == 204 else { throw ValidationError("collect-now answered \(collected.status)") }
        try await waitFor(sink, count: subscriptions, started: asked)
        let accepted = sink.acceptedLog.split(separator: "\n").filter { $0.contains(" /push/") && $0.hasSuffix(" 201") }
            .compactMap { Double($0.split(separator: " ").first ?? "") }
        guard accepted.count == subscriptions, let first = accepted.min(), let last = accepted.max() else {
            throw ValidationError("only \(accepted.count) of \(subscriptions) alerts arrived")
        }
        let peak = Double(ResidentMemory.peakKiB(pid: server.processIdentifier) ?? 0) / 1024

        return Round(
            fanOut: last - asked.timeIntervalSince1970, span: last - first, peakMiB: peak,
            roundNone: (idleEnd.sum - idleStart.sum) / max(idleEnd.count - idleStart.count, 1),
            roundSending: sendingEnd.count > sendingStart.count
                ? (sendingEnd.sum - sendingStart.sum) / (sendingEnd.count - sendingStart.count) : .nan,
            reference: try pywebpush(references, directory: directory))
    }

    /// The parking rounds' count and total seconds so far, from `/metrics`.
    func parkingRounds(_ baseURL: String, _ transport: CurlTransport) async throws -> (count: Double, sum: Double) {
        let response = try await transport.send(
            HTTPRequest(
                url: baseURL + "/metrics", headers: [("Authorization", "Bearer \(Self.admin)")],
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

    /// Every subscription with its own browser keys, on one lot whose count is under the threshold; the same
    /// subscriptions for pywebpush, at the sink's `/ref/` paths.
    func store(_ count: Int, into database: String, sink: Nginx) async throws -> [[String: Any]] {
        let records = try SQLiteClientRecords(path: database)
        var references: [[String: Any]] = []
        for index in 0..<count {
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
        return references
    }

    /// Waits until the sink has logged every alert (lines counted cheaply: the bench shares the two cores).
    func waitFor(_ sink: Nginx, count: Int, started: Date) async throws {
        while sink.acceptedLines < count, Date().timeIntervalSince(started) < 120 {
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// pywebpush's seconds for the same number, the same payload and headers, to the same sink.
    func pywebpush(_ references: [[String: Any]], directory: URL) throws -> Double {
        let listFile = directory.appendingPathComponent("subscriptions.json")
        try JSONSerialization.data(withJSONObject: references).write(to: listFile)
        let payloadFile = directory.appendingPathComponent("payload.json")
        let message = AlertMessage.make(
            subscriptionId: "s-0",
            subscription: PushSubscription(installHash: "0", lotId: "banpo-1", threshold: 1000, language: "ko"),
            name: "반포1주차장", park: "banpo", available: 12, observedAt: Date(), trigger: .belowThreshold,
            simulated: true, publicURL: nil)
        try message.encoded().write(to: payloadFile)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "pywebpush-reference.py")
        let reference = try External.run(
            "/usr/bin/env",
            ["python3", script.path, listFile.path, payloadFile.path, Base64URL.encode(VAPIDKey.generate().stored)])
        guard let result = try JSONSerialization.jsonObject(with: Data(reference.output.utf8)) as? [String: Any],
            let seconds = result["seconds"] as? Double, (result["failed"] as? Int) == 0
        else { throw ValidationError("pywebpush did not send them all: \(reference.output)") }
        return seconds
    }

    func stop(_ process: Process) {
        process.terminate()
        process.waitUntilExit()
    }
}
