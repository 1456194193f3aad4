import ArgumentParser
import Foundation
import Hummingbird
import ReferenceServer

/// The framework's floor: a minimal Hummingbird app (one route, no middleware) serving a file's bytes from memory at
/// the server's own route template, run as a child of the server benchmark so the table shows what the project's own
/// request path costs (Hummingbird's router walks a path character by character: a shorter path would be cheaper
/// for the framework alone). With `--server-configuration` it runs with the server's HTTP settings (its idle timeout,
/// whose handler sees every read and write, and its `Server` header), so the difference left is the project's path.
struct FloorServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "floor-server",
        abstract: "Serve one file's bytes at /v2/parks/{parkId}/home-summary (for the server benchmark).",
        shouldDisplay: false)

    @Option(help: "The body to serve.") var body: String
    @Flag(help: "Use hangangjari-server's HTTP settings (idle timeout, Server header).") var serverConfiguration = false

    func run() async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: body))
        let buffer = ByteBuffer(bytes: bytes)
        let router = Router()
        router.get("/v2/parks/{parkId}/home-summary") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        }
        let app = Application(
            router: router, server: serverConfiguration ? ServerConfiguration().httpServer : .http1(),
            configuration: .init(
                address: .hostname("127.0.0.1", port: 0),
                serverName: serverConfiguration ? ServerConfiguration.serverName : nil),
            onServerRunning: { channel in
                let line = "listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        try await app.runService()
    }
}
