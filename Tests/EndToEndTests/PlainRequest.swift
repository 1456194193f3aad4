import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One HTTP/1.1 request written on a plain loopback socket, so that a test can tell when the server has read it: the
/// kernel's receive queue of the server's end of the connection is empty once the server took the bytes.
final class PlainRequest: Sendable {
    private let descriptor: Int32
    private let localPort: Int
    private let serverPort: Int

    /// Connects to 127.0.0.1:`port` and writes a GET for `path` (the connection closes after the answer).
    init(port: Int, path: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard descriptor >= 0, connected == 0, named == 0, write(descriptor, request, request.count) == request.count
        else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        self.descriptor = descriptor
        serverPort = port
        localPort = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// True once the server's end of this connection holds no unread byte (`/proc/net/tcp`, `rx_queue`).
    var isRead: Bool {
        let table = Self.wholeFile("/proc/net/tcp")
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", localPort)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) else { return false }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) } == 0
        }
    }

    /// A /proc file read to its end: Foundation's `String(contentsOfFile:)` stops after the first 4 KB of a file
    /// whose size the kernel reports as 0, and a busy machine's socket table is longer than that.
    private static func wholeFile(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        return String(decoding: readToEnd(descriptor), as: UTF8.self)
    }

    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    /// The whole answer, read until the server closes the connection.
    func response() -> String { String(decoding: Self.readToEnd(descriptor), as: UTF8.self) }
}
