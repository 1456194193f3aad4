import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A tiny HTTP server on a loopback socket that does what a real server never would: hang, cut a body short,
/// lie about its encoding, redirect in circles. For transport tests only.
public final class RawHTTPServer: Sendable {
    /// What to do with each connection after reading the request head.
    public enum Behaviour: Sendable {
        /// Send these bytes, then close.
        case respond(Data)
        /// Accept and never answer (until the server stops).
        case hang
        /// Close at once without a byte.
        case closeImmediately
    }

    public let port: Int
    private let listener: Int32
    private let stopped = StopFlag()

    /// Starts listening on 127.0.0.1 with a free port; `behaviour` chooses per request path.
    public init(_ behaviour: @escaping @Sendable (_ path: String) -> Behaviour) throws {
        let (fd, port) = try LoopbackSocket.bound()
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw CocoaError(.fileReadUnknown)
        }
        listener = fd
        self.port = port
        let stopped = self.stopped
        // The accepting thread closes the listener when it ends: were `stop()` to close it, its number could be
        // reused by another test's socket before this thread's next `accept`, which would then take that socket's
        // connections.
        let thread = Thread {
            defer { close(fd) }
            while !stopped.isRaised {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { if stopped.isRaised { return } else { continue } }
                let worker = Thread { Self.serve(client, behaviour: behaviour, stopped: stopped) }
                worker.start()
            }
        }
        thread.start()
    }

    /// The base URL, e.g. `http://127.0.0.1:40001`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting (the waiting `accept` returns, and its thread closes the listener); hanging connections are
    /// closed.
    public func stop() {
        stopped.raise()
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private static func serve(_ client: Int32, behaviour: @Sendable (String) -> Behaviour, stopped: StopFlag) {
        defer { close(client) }
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { return }
            head.append(contentsOf: buffer[0..<n])
            if head.first == 0x16 {
                // A TLS ClientHello: answer in plain HTTP, as a misconfigured server would.
                let reply = Data("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8)
                _ = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                return
            }
        }
        let line = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch behaviour(path) {
        case .respond(let bytes):
            _ = bytes.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        case .hang:
            while !stopped.isRaised { usleep(20_000) }
        case .closeImmediately:
            return
        }
    }

    /// An HTTP/1.1 response with the given head lines and body; `contentLength` may lie.
    public static func response(
        status: String = "200 OK", headers: [String] = [], body: Data = Data(), contentLength: Int? = nil
    ) -> Data {
        var text = "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Length: \(contentLength ?? body.count)\r\n"
        for header in headers { text += header + "\r\n" }
        return Data((text + "\r\n").utf8) + body
    }
}

/// Set once when the server stops; read by its accepting and hanging threads.
final class StopFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
