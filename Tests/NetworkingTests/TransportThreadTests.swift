import CurlHTTP
import Foundation
import Testing

/// A push service's transport is background work: its event-loop thread runs at a lower priority.
@Suite struct TransportThreadTests {
    /// The niceness of this process's threads named like the transport's (`/proc/self/task/*/stat`, field 19).
    static func curlThreadNiceness() throws -> [Int] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        return tasks.compactMap { task in
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
                stat[stat.index(after: open)..<close].hasPrefix("hangangjari-crl")
            else { return nil }
            // Fields after the name: state is field 3, niceness field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return Int(fields[16])
        }
    }

    @Test func thePushServiceTransportsThreadYieldsTheCPU() async throws {
        let transport = CurlTransport(configuration: .pushService(userAgent: "hangangjari-tests"))
        let deadline = ContinuousClock.now + .seconds(5)
        while try !Self.curlThreadNiceness().contains(10), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try Self.curlThreadNiceness().contains(10))
        withExtendedLifetime(transport) {}
    }
}
