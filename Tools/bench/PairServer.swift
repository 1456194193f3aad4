import ArgumentParser
import Foundation

/// The deployment of `Deploy/` on this machine until SIGTERM: two server instances on a throwaway PostgreSQL behind
/// nginx with the shipped site file (for schemathesis against the proxied pair).
struct PairServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair-server",
        abstract: "Two instances on PostgreSQL behind nginx until SIGTERM; prints the proxy's URL.",
        shouldDisplay: false)

    func run() async throws {
        signal(SIGTERM, SIG_IGN)
        let terminated = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        let pair = try await ProxiedPair()
        FileHandle.standardOutput.write(Data("listening on \(pair.proxy.baseURL)\n".utf8))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            terminated.setEventHandler { done.resume() }
            terminated.resume()
        }
        terminated.cancel()
        pair.stop()
    }
}
