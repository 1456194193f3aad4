import CurlHTTP
import Foundation
import Synchronization
import TestSupport
import Testing

/// Every libcurl failure maps to a typed error; a raw socket server plays the misbehaving peer.
@Suite struct TransportErrorTests {
    let curl = CurlTransport(
        configuration: {
            var c = TransportConfiguration(userAgent: "hangangjari-tests")
            c.maxResponseBytes = 64 * 1024
            c.connectTimeout = .seconds(2)
            return c
        }())

    func get(_ url: String, timeout: TimeInterval = 3) async -> Result<HTTPResponse, TransportError> {
        do {
            return .success(try await curl.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(timeout))))
        } catch { return .failure(error) }
    }

    @Test func refusedConnection() async throws {
        let port = try RefusingPort()
        #expect(await get(port.baseURL + "/x").failure == .connectionRefused)
    }

    @Test func unresolvableHost() async {
        #expect(
            await get("http://hangangjari-nonexistent.invalid/").failure
                == .dns(host: "hangangjari-nonexistent.invalid"))
    }

    @Test func serverThatNeverAnswersTimesOutWithinTheDeadline() async throws {
        let raw = try RawHTTPServer { _ in .hang }
        defer { raw.stop() }
        let started = Date()
        #expect(await get(raw.baseURL + "/slow", timeout: 0.8).failure == .timeout)
        let elapsed = Date().timeIntervalSince(started)
        // Bounded, not exact: without the deadline this would hang. The slack absorbs a whole `swift test` on two
        // cores, where a test may wait 15 s for a thread.
        #expect(elapsed < 60.0, "took \(elapsed) s for a 0.8 s deadline")
    }

    @Test func truncatedBody() async throws {
        let raw = try RawHTTPServer { _ in
            .respond(RawHTTPServer.response(body: Data("{\"park\":".utf8), contentLength: 500))
        }
        defer { raw.stop() }
        #expect(await get(raw.baseURL + "/").failure == .truncated)
    }

    @Test func oversizedBodyIsCutOffAtTheCap() async throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: 200 * 1024)
        let raw = try RawHTTPServer { path in
            // With and without a Content-Length that announces the size.
            path == "/announced"
                ? .respond(RawHTTPServer.response(body: big))
                : .respond(Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + big)
        }
        defer { raw.stop() }
        #expect(await get(raw.baseURL + "/announced").failure == .tooLarge(limit: 64 * 1024))
        #expect(await get(raw.baseURL + "/streamed").failure == .tooLarge(limit: 64 * 1024))
    }

    @Test func gzipBodiesAreDecoded() async throws {
        // gzip of {"ok":true} (made with Python's gzip module).
        let gzipped = Data(base64Encoded: "H4sIAAAAAAAC/6tWys9WsiopKk2tBQCQX9SnCwAAAA==")!
        let raw = try RawHTTPServer { _ in
            .respond(
                RawHTTPServer.response(
                    headers: ["Content-Encoding: gzip", "Content-Type: application/json"], body: gzipped))
        }
        defer { raw.stop() }
        let response = try await get(raw.baseURL + "/").get()
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test func badContentEncoding() async throws {
        let raw = try RawHTTPServer { _ in
            .respond(RawHTTPServer.response(headers: ["Content-Encoding: gzip"], body: Data("not gzip at all".utf8)))
        }
        defer { raw.stop() }
        #expect(await get(raw.baseURL + "/").failure == .badContentEncoding)
    }

    @Test func onlyHTTPAndHTTPSAreFollowed() async throws {
        let raw = try RawHTTPServer { path in
            path == "/to-ftp"
                ? .respond(RawHTTPServer.response(status: "302 Found", headers: ["Location: ftp://127.0.0.1/x"]))
                : .respond(RawHTTPServer.response(status: "302 Found", headers: ["Location: /loop"]))
        }
        defer { raw.stop() }
        #expect(await get("ftp://127.0.0.1/").failure == .unsupportedProtocol)
        #expect(await get("file:///etc/passwd").failure == .unsupportedProtocol)
        #expect(await get(raw.baseURL + "/to-ftp").failure == .unsupportedProtocol)
        #expect(await get(raw.baseURL + "/loop").failure == .tooManyRedirects)
    }

    @Test func tlsToAPlainServerFails() async throws {
        let raw = try RawHTTPServer { _ in .respond(RawHTTPServer.response(body: Data("plain".utf8))) }
        defer { raw.stop() }
        guard case .tls = await get("https://127.0.0.1:\(raw.port)/").failure else {
            Issue.record("expected a TLS error")
            return
        }
    }

    @Test func emptyReplyIsConnectionLost() async throws {
        let raw = try RawHTTPServer { _ in .closeImmediately }
        defer { raw.stop() }
        guard case .connectionLost = await get(raw.baseURL + "/").failure else {
            Issue.record("expected connectionLost")
            return
        }
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let asked = Flag()
        let raw = try RawHTTPServer { _ in
            asked.raise()
            return .hang
        }
        defer { raw.stop() }
        let task = Task { await get(raw.baseURL + "/hang", timeout: 10) }
        // Cancelled once the request is on the wire.
        let started = ContinuousClock.now
        while !asked.isRaised {
            try #require(ContinuousClock.now - started < .seconds(10), "the request never reached the server")
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        #expect(await task.value.failure == .cancelled)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Raised once, from any thread.
final class Flag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
