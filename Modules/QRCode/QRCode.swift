import CQREncode

/// A QR code made by libqrencode (Debian's `libqrencode-dev`), as a square of dark and light modules.
public struct QRCode: Sendable, Equatable {
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]

    /// Why no code could be made.
    public enum Failure: Error, Equatable {
        /// Longer than a QR code holds at this correction level.
        case tooLong(bytes: Int)
    }

    /// Encodes `text` as 8-bit data (UTF-8) with medium error correction, in the smallest version that holds it.
    public init(_ text: String) throws(Failure) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw .tooLong(bytes: text.utf8.count) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark; outside the code (the quiet zone) is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The quiet zone the standard asks for around the code, in modules.
    public static let quietZone = 4

    /// Rows of modules including the quiet zone, for a renderer that draws one module per two terminal columns.
    public var rows: [[Bool]] {
        let range = -Self.quietZone..<(size + Self.quietZone)
        return range.map { y in range.map { x in isDark(x: x, y: y) } }
    }
}

extension QRCode {
    /// The code as text, two module rows per text row with half blocks (▀ ▄ █), light modules drawn as ink: shown
    /// white on black (or in a dark terminal's own colours) it reads as dark modules on a light background.
    public var halfBlockRows: [String] {
        let all = rows
        return stride(from: 0, to: all.count, by: 2).map { y in
            let top = all[y]
            let bottom = y + 1 < all.count ? all[y + 1] : Array(repeating: true, count: top.count)
            return String(
                zip(top, bottom).map { upperDark, lowerDark -> Character in
                    switch (upperDark, lowerDark) {
                    case (false, false): "█"
                    case (false, true): "▀"
                    case (true, false): "▄"
                    case (true, true): " "
                    }
                })
        }
    }

    /// Reads half-block rows back into module rows (quiet zone included): what a camera sees on the screen.
    public static func modules(fromHalfBlockRows rows: [String]) -> [[Bool]] {
        rows.flatMap { row -> [[Bool]] in
            let cells = Array(row)
            return [cells.map { $0 == " " || $0 == "▄" }, cells.map { $0 == " " || $0 == "▀" }]
        }
    }
}
