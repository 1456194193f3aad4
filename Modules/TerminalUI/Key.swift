/// A key press, decoded from the bytes a terminal sends.
public enum Key: Sendable, Equatable {
    case up, down, left, right, enter, tab, backTab, escape, backspace
    case ctrlC, ctrlL
    case character(Character)
}

/// Decodes terminal input: plain characters (UTF-8), control keys and the CSI/SS3 sequences of arrow keys.
public enum KeyDecoder {
    public static func decode(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                if i + 2 < bytes.count, bytes[i + 1] == 0x5B || bytes[i + 1] == 0x4F {
                    // CSI or SS3: skip parameters up to the final byte.
                    var j = i + 2
                    while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count else {
                        i = bytes.count
                        continue
                    }
                    switch bytes[j] {
                    case 0x41: keys.append(.up)
                    case 0x42: keys.append(.down)
                    case 0x43: keys.append(.right)
                    case 0x44: keys.append(.left)
                    case 0x5A: keys.append(.backTab)
                    default: break
                    }
                    i = j + 1
                } else {
                    keys.append(.escape)
                    i += 1
                }
            case 0x03:
                keys.append(.ctrlC)
                i += 1
            case 0x0C:
                keys.append(.ctrlL)
                i += 1
            case 0x09:
                keys.append(.tab)
                i += 1
            case 0x0D, 0x0A:
                keys.append(.enter)
                i += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                i += 1
            case 0x20...0x7E:
                keys.append(.character(Character(Unicode.Scalar(b))))
                i += 1
            case 0xC0...0xF7:
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                let end = min(bytes.count, i + length)
                if let text = String(validating: bytes[i..<end], as: UTF8.self), let c = text.first {
                    keys.append(.character(HangulKeyboard.latin(for: c) ?? c))
                }
                i = end
            default: i += 1
            }
        }
        return keys
    }
}
