import Foundation

/// How a setting's text is read: numbers in a range, words from a list; each refusal names the setting.
enum SettingText {
    /// `on` and `off`.
    static let switches = ["on": true, "off": false]

    static func integer(_ text: String, _ range: ClosedRange<Int>, _ name: String) throws(ServerSettings.Invalid)
        -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw ServerSettings.Invalid(setting: name, reason: "must be \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A number of seconds in `range`.
    static func number(_ text: String, _ range: ClosedRange<Double>, _ name: String) throws(ServerSettings.Invalid)
        -> Double
    {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw ServerSettings.Invalid(
                setting: name, reason: "must be \(shown(range.lowerBound)) to \(shown(range.upperBound)) seconds")
        }
        return value
    }

    static func duration(_ text: String, _ range: ClosedRange<Double>, _ name: String) throws(ServerSettings.Invalid)
        -> Duration
    {
        .milliseconds(Int64(try number(text, range, name) * 1000))
    }

    static func choice<Value>(_ text: String, _ words: [String: Value], _ name: String)
        throws(ServerSettings.Invalid) -> Value
    {
        guard let value = words[text] else {
            let listed = words.keys.sorted().joined(separator: " or ")
            throw ServerSettings.Invalid(setting: name, reason: "'\(text)' is not \(listed)")
        }
        return value
    }

    /// Seconds as the help writes them: `60`, `0.5`.
    static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func shown(_ duration: Duration) -> String {
        shown(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    static func onOff(_ on: Bool) -> String { on ? "on" : "off" }
}
