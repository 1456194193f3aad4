import Foundation

/// Reads a QR code the way a phone would, with a real decoder: the modules are drawn as a PBM image and read by
/// `zbarimg` (Debian `zbar-tools`, installed by `Tools/setup`).
public enum QRScanner {
    static let zbarimg = "/usr/bin/zbarimg"

    /// Whether the decoder is installed.
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: zbarimg) }

    /// The text the code holds, or nil when the decoder finds no code. `rows` are module rows, `true` dark.
    public static func decode(_ rows: [[Bool]], scale: Int = 6) throws -> String? {
        let width = (rows.map(\.count).max() ?? 0) * scale
        var pbm = "P1\n\(width) \(rows.count * scale)\n"
        for row in rows {
            let line = row.flatMap { Array(repeating: $0 ? "1" : "0", count: scale) }.joined(separator: " ") + "\n"
            pbm += String(repeating: line, count: scale)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hj-qr-\(UUID().uuidString).pbm")
        try Data(pbm.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--quiet", "--raw", "-Sbinary", file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
