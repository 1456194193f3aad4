import CCurl
import Foundation
import Synchronization

/// libcurl's process-wide set-up, done exactly once before the first handle is made.
let curlGlobalInit: CURLcode = hj_global_init()

/// An HTTP transport on libcurl's multi interface.
///
/// One event-loop thread drives every transfer with `curl_multi_poll`, so many requests run at once without
/// blocking Swift's cooperative thread pool, and connections are reused from the multi handle's pool.
/// Drop the last reference to stop the thread.
public final class CurlTransport: Sendable {
    private let loop: CurlEventLoop

    /// Starts a transport with its own connection pool and event-loop thread.
    public init(configuration: TransportConfiguration) {
        precondition(curlGlobalInit == CURLE_OK, "curl_global_init failed")
        loop = CurlEventLoop(configuration: configuration)
        let loop = self.loop
        let niceness = configuration.threadNiceness
        let thread = Thread {
            hj_name_thread("hangangjari-crl")
            if niceness != 0 { _ = hj_set_thread_niceness(niceness) }
            loop.run()
        }
        thread.start()
    }

    deinit {
        loop.stop()
    }

    /// Sends one request; cancelling the task aborts the transfer.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let transfer = CurlTransfer(request: request)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.continuation = continuation
                    loop.enqueue(transfer)
                }
            } onCancel: {
                loop.cancel(transfer)
            }
        } catch let error as TransportError {
            throw error
        } catch {
            throw .other(code: -1, message: String(describing: error))
        }
    }

    /// This transport as an ``HTTPTransport`` value.
    public var transport: HTTPTransport {
        HTTPTransport { request throws(TransportError) in try await self.send(request) }
    }
}

/// One transfer's request, response buffers and continuation. Touched only by the event-loop thread once enqueued.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    var body = Data()
    var headers: [String: String] = [:]
    var sizeLimit = 0
    var overLimit = false

    init(request: HTTPRequest) {
        self.request = request
    }

    func finish(_ result: Result<HTTPResponse, TransportError>) {
        continuation?.resume(with: result.mapError { $0 as any Error })
        continuation = nil
    }
}

private let writeBody: hj_curl_data_callback = { pointer, size, count, userdata in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata!).takeUnretainedValue()
    let bytes = size * count
    if transfer.body.count + bytes > transfer.sizeLimit {
        transfer.overLimit = true
        return 0
    }
    if let pointer { transfer.body.append(UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: bytes) }
    return bytes
}

private let writeHeader: hj_curl_data_callback = { pointer, size, count, userdata in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata!).takeUnretainedValue()
    let bytes = size * count
    guard let pointer else { return bytes }
    let line = String(decoding: UnsafeRawBufferPointer(start: pointer, count: bytes), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
        transfer.headers = [:]  // a new response after a redirect or 100-continue
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        transfer.headers[name] = transfer.headers[name].map { "\($0), \(value)" } ?? value
    }
    return bytes
}

/// The thread that drives the multi handle.
final class CurlEventLoop: Sendable {
    private struct Shared {
        var pending: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopped = false
    }

    private let configuration: TransportConfiguration
    // Used only on the loop thread, except curl_multi_wakeup, which libcurl allows from any thread.
    nonisolated(unsafe) private let multi: UnsafeMutableRawPointer
    private let shared = Mutex(Shared())

    init(configuration: TransportConfiguration) {
        self.configuration = configuration
        multi = curl_multi_init()!
        _ = hj_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 16)
    }

    func enqueue(_ transfer: CurlTransfer) {
        shared.withLock { $0.pending.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        shared.withLock { $0.cancelled.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func stop() {
        shared.withLock { $0.stopped = true }
        curl_multi_wakeup(multi)
    }

    func run() {
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var idle: [UnsafeMutableRawPointer] = []
        while true {
            let (pending, cancelled, stopped) = shared.withLock { state in
                defer {
                    state.pending = []
                    state.cancelled = []
                }
                return (state.pending, state.cancelled, state.stopped)
            }
            for transfer in pending {
                let easy = idle.popLast() ?? curl_easy_init()!
                switch configure(easy, for: transfer) {
                case .success:
                    transfer.easy = easy
                    active[easy] = transfer
                    curl_multi_add_handle(multi, easy)
                case .failure(let error):
                    release(transfer, easy: easy, into: &idle)
                    transfer.finish(.failure(error))
                }
            }
            for transfer in cancelled {
                if let easy = transfer.easy, active.removeValue(forKey: easy) != nil {
                    curl_multi_remove_handle(multi, easy)
                    release(transfer, easy: easy, into: &idle)
                }
                transfer.finish(.failure(.cancelled))  // no-op when already finished
            }
            if stopped {
                for (easy, transfer) in active {
                    curl_multi_remove_handle(multi, easy)
                    release(transfer, easy: easy, into: &idle)
                    transfer.finish(.failure(.cancelled))
                }
                for handle in idle { curl_easy_cleanup(handle) }
                curl_multi_cleanup(multi)
                return
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var code = CURLE_OK
            while let easy = hj_multi_next_done(multi, &code) {
                guard let transfer = active.removeValue(forKey: easy) else { continue }
                curl_multi_remove_handle(multi, easy)
                let result = outcome(of: transfer, easy: easy, code: code)
                release(transfer, easy: easy, into: &idle)
                transfer.finish(result)
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func release(
        _ transfer: CurlTransfer, easy: UnsafeMutableRawPointer, into idle: inout [UnsafeMutableRawPointer]
    ) {
        if let list = transfer.headerList { curl_slist_free_all(list) }
        transfer.headerList = nil
        transfer.easy = nil
        Unmanaged.passUnretained(transfer).release()  // balances the retain taken in configure
        curl_easy_reset(easy)
        if idle.count < 32 { idle.append(easy) } else { curl_easy_cleanup(easy) }
    }

    private func configure(_ easy: UnsafeMutableRawPointer, for transfer: CurlTransfer) -> Result<Void, TransportError>
    {
        let request = transfer.request
        let remaining = request.deadline.timeIntervalSinceNow
        // Retain the transfer while libcurl holds its pointer; released in `release`.
        let userdata = Unmanaged.passRetained(transfer).toOpaque()
        guard remaining > 0 else { return .failure(.timeout) }
        transfer.sizeLimit = configuration.maxResponseBytes
        let connectMs = min(
            Int(
                configuration.connectTimeout.components.seconds * 1000
                    + configuration.connectTimeout.components.attoseconds / 1_000_000_000_000_000),
            Int(remaining * 1000))
        var ok = true
        func check(_ code: CURLcode) { if code != CURLE_OK { ok = false } }
        check(hj_easy_setopt_string(easy, CURLOPT_URL, request.url))
        check(hj_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        check(hj_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        check(hj_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        check(hj_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, configuration.maxRedirects > 0 ? 1 : 0))
        check(hj_easy_setopt_long(easy, CURLOPT_MAXREDIRS, configuration.maxRedirects))
        check(hj_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, connectMs)))
        check(hj_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(1, Int(remaining * 1000))))
        check(hj_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""))
        check(hj_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent))
        check(hj_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1))
        check(hj_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2))
        if let ca = configuration.caBundlePath { check(hj_easy_setopt_string(easy, CURLOPT_CAINFO, ca)) }
        check(hj_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxResponseBytes)))
        check(hj_easy_setopt_callback(easy, CURLOPT_WRITEFUNCTION, writeBody))
        check(hj_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, userdata))
        check(hj_easy_setopt_callback(easy, CURLOPT_HEADERFUNCTION, writeHeader))
        check(hj_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, userdata))
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { list = curl_slist_append(list, "\(name): \(value)") }
        switch request.method {
        case .get:
            check(hj_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case .head:
            check(hj_easy_setopt_long(easy, CURLOPT_NOBODY, 1))
        default:
            let body = request.body ?? Data()
            if request.method == .post {
                check(hj_easy_setopt_long(easy, CURLOPT_POST, 1))
            } else {
                check(hj_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue))
            }
            check(hj_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            body.withUnsafeBytes { raw in
                check(
                    hj_easy_setopt_pointer(
                        easy, CURLOPT_COPYPOSTFIELDS,
                        UnsafeMutableRawPointer(mutating: raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!)))
            }
            list = curl_slist_append(list, "Expect:")  // no 100-continue round trip
        }
        transfer.headerList = list
        if let list { check(hj_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list)) }
        return ok ? .success(()) : .failure(.invalidURL(request.url))
    }

    private func outcome(of transfer: CurlTransfer, easy: UnsafeMutableRawPointer, code: CURLcode) -> Result<
        HTTPResponse, TransportError
    > {
        guard code == CURLE_OK else {
            var osErrno = 0
            _ = hj_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osErrno)
            let host = URLComponents(string: transfer.request.url)?.host ?? transfer.request.url
            return .failure(
                CurlErrorMapping.error(
                    code: code, osErrno: osErrno, host: host, sizeLimit: transfer.sizeLimit,
                    overLimit: transfer.overLimit))
        }
        var status = 0
        _ = hj_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: transfer.headers, body: transfer.body))
    }
}
