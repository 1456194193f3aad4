import Foundation
import Localization
import Models

/// What the user chose, shared by the app and the widget (the Linux form of a UserDefaults suite).
public struct Settings: Codable, Sendable, Equatable {
    /// Format version of the file.
    public var version = Settings.currentVersion
    /// Favourite parks, in the user's order.
    public var favorites: [ParkID] = []
    /// The park each widget kind shows (`parking`, `general`).
    public var widgetParks: [String: ParkID] = [:]
    /// Home position, for "nearest park" and distances. Never leaves the machine.
    public var home: Coordinate?
    /// Alert when a lot's free spaces fall below its threshold.
    public var alertThresholds: [LotID: Int] = [:]
    /// Quiet hours in Seoul time, `HH:MM`.
    public var quietFrom: String?
    public var quietUntil: String?
    /// `ko` or `en`, when the user chose one.
    public var language: String?

    public static let currentVersion = 1

    public init() {}

    // Unknown or missing keys fall back to defaults, so older and newer files both read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        favorites = try c.decodeIfPresent([ParkID].self, forKey: .favorites) ?? []
        widgetParks = try c.decodeIfPresent([String: ParkID].self, forKey: .widgetParks) ?? [:]
        home = try c.decodeIfPresent(Coordinate.self, forKey: .home)
        alertThresholds = try c.decodeIfPresent([LotID: Int].self, forKey: .alertThresholds) ?? [:]
        quietFrom = try c.decodeIfPresent(String.self, forKey: .quietFrom)
        quietUntil = try c.decodeIfPresent(String.self, forKey: .quietUntil)
        language = try c.decodeIfPresent(String.self, forKey: .language)
    }
}

/// The settings file in the shared container: safe with concurrent writers (file lock + atomic replace), never
/// half-written, and a corrupt file is moved aside with a clear message while favourites are salvaged.
public struct SettingsStore: Sendable {
    public let container: SharedContainer
    var fileURL: URL { container.file("settings.json") }
    var lockURL: URL { container.file("settings.lock") }

    public init(container: SharedContainer) {
        self.container = container
    }

    /// The settings, and a warning when the file had to be moved aside.
    public func load() -> (settings: Settings, warning: Reason?) {
        guard let data = AtomicFile.read(fileURL) else { return (Settings(), nil) }
        if let settings = try? ContractCoding.makeDecoder().decode(Settings.self, from: data) { return (settings, nil) }
        var salvaged = Settings()
        salvaged.favorites = Self.salvageFavorites(from: data)
        let moved: any CustomStringConvertible = AtomicFile.moveAside(fileURL) ?? Reason(.reasonCouldNotMove)
        if !salvaged.favorites.isEmpty { try? AtomicFile.write(try ContractCoding.encode(salvaged), to: fileURL) }
        if salvaged.favorites.isEmpty { return (salvaged, Reason(.reasonSettingsMovedAside, moved)) }
        return (salvaged, Reason(.reasonSettingsMovedAsideKept, moved, salvaged.favorites.map(\.rawValue).joined(separator: ", ")))
    }

    /// Reads, changes and writes the settings under the lock.
    @discardableResult
    public func update(_ change: (inout Settings) -> Void) throws(StorageError) -> Settings {
        try container.prepare()
        let lock = try FileLock(lockURL, deadline: Date().addingTimeInterval(5))
        defer { withExtendedLifetime(lock) {} }
        var settings = load().settings
        change(&settings)
        let data: Data
        do { data = try ContractCoding.encode(settings) } catch { throw .unwritable(path: fileURL.path, reason: "\(error)") }
        try AtomicFile.write(data, to: fileURL)
        return settings
    }

    /// Park ids that appear in a damaged file's favourites list, so they are not silently lost.
    static func salvageFavorites(from data: Data) -> [ParkID] {
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "\"favorites\"") else { return [] }
        let rest = text[start.upperBound...]
        guard let open = rest.firstIndex(of: "[") else { return [] }
        let list = rest[open...].prefix { $0 != "]" }
        let pieces: [Substring] = list.split(separator: "\"", omittingEmptySubsequences: false)
        var ids: [ParkID] = []
        for (index, piece) in pieces.enumerated() where index % 2 == 1 {
            let id = ParkID(String(piece))
            if Catalog.bundled.park(id) != nil { ids.append(id) }
        }
        return ids
    }
}
