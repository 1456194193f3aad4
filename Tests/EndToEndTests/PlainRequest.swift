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
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", localPort)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) else { return false }
            return fields[4].split(separator: ":").last.flatMap { Int($0, radix: 16) } == 0
        }
    }

    /// The whole answer, read until the server closes the connection.
    func response() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
