import Foundation

/// The reference server binary on a free port, with faults.
public final class ServerProcess: Sendable {
    let process: Process
    public let baseURL: String

    public init(binary: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        while !buffer.contains(10) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer.prefix { $0 != 10 }, as: UTF8.self)
        guard line.hasPrefix("listening on ") else {
            process.terminate()
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "the server did not start: \(line)"])
        }
        self.process = process
        self.baseURL = String(line.dropFirst("listening on ".count))
    }

    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
