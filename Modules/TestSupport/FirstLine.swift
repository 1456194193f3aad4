import Foundation

/// The first line a child process writes, as servers that print `listening on URL` once ready do.
public enum FirstLine {
    /// Reads `pipe` until a newline or its end, at most `seconds`; the line without its newline.
    public static func read(_ pipe: Pipe, within seconds: Double = 20) -> String {
        var buffer = Data()
        let deadline = Date().addingTimeInterval(seconds)
        while !buffer.contains(10), Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer.prefix { $0 != 10 }, as: UTF8.self)
    }
}
