import Foundation

/// A TCP relay from a loopback port to another (python3's asyncio, as `Tools/setup` installs it): a database that
/// "comes back" on the port a client was given.
final class TCPRelay {
    private let process = Process()

    init(from port: Int, to target: Int) throws {
        let script = """
            import asyncio, sys
            async def pipe(reader, writer):
                try:
                    while data := await reader.read(65536):
                        writer.write(data)
                        await writer.drain()
                finally:
                    writer.close()
            async def relay(reader, writer):
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", \(target))
                await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)
            async def main():
                server = await asyncio.start_server(relay, "127.0.0.1", \(port))
                print("ready", flush=True)
                await server.serve_forever()
            asyncio.run(main())
            """
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        process.standardOutput = output
        try process.run()
        // Listening once it says so.
        _ = output.fileHandleForReading.availableData
    }

    /// SIGKILL: a child of the test process inherits its blocked signals, SIGTERM among them.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
