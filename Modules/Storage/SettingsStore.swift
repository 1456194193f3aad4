import FoundationEssentials
import Localization
import Models

/// The settings file in the shared container: safe with concurrent writers (file lock + atomic replace), never
/// half-written. A file that is not JSON is moved aside with a clear message while favourites are salvaged; a field
/// that cannot be used is named, the rest applies, and the file is left as the person wrote it.
public struct SettingsStore: Sendable {
    public let container: SharedContainer
    var fileURL: URL { container.file("settings.json") }
    var lockURL: URL { container.file("settings.lock") }

    public init(container: SharedContainer) {
        self.container = container
    }

    /// The settings, and a warning when the file had to be moved aside or has fields that cannot be used.
    public func load() -> (settings: Settings, warning: Reason?) {
        guard let data = AtomicFile.read(fileURL) else { return (Settings(), nil) }
        if let settings = try? ContractCoding.makeDecoder().decode(Settings.self, from: data) {
            guard !settings.fieldProblems.isEmpty else { return (settings, nil) }
            return (
                settings, Reason(.reasonSettingsFields, joining: settings.fieldProblems.map(\.reason), fileURL.path)
            )
        }
        var salvaged = Settings()
        salvaged.favorites = Self.salvageFavorites(from: data)
        let moved: any CustomStringConvertible = AtomicFile.moveAside(fileURL) ?? Reason(.reasonCouldNotMove)
        if !salvaged.favorites.isEmpty { try? AtomicFile.write(try ContractCoding.encode(salvaged), to: fileURL) }
        if salvaged.favorites.isEmpty { return (salvaged, Reason(.reasonSettingsMovedAside, moved)) }
        return (
            salvaged,
            Reason(.reasonSettingsMovedAsideKept, moved, salvaged.favorites.map(\.rawValue).joined(separator: ", "))
        )
    }

    /// Reads, changes and writes the settings under the lock. A file with fields that cannot be used is copied to
    /// `settings.json.kept-<time>` first, so what the person wrote is not lost.
    @discardableResult
    public func update(_ change: (inout Settings) -> Void) throws(StorageError) -> Settings {
        try container.prepare()
        let lock = try FileLock(lockURL, deadline: Date().addingTimeInterval(5))
        defer { withExtendedLifetime(lock) {} }
        var settings = load().settings
        if !settings.fieldProblems.isEmpty, let original = AtomicFile.read(fileURL) {
            try AtomicFile.write(
                original, to: container.file("settings.json.kept-\(Int(Date().timeIntervalSince1970))"))
        }
        change(&settings)
        settings.fieldProblems = []
        let data: Data
        do { data = try ContractCoding.encode(settings) } catch {
            throw .unwritable(path: fileURL.path, reason: "\(error)")
        }
        try AtomicFile.write(data, to: fileURL)
        return settings
    }

    /// Park ids that appear in a damaged file's favourites list, so they are not silently lost.
    static func salvageFavorites(from data: Data) -> [ParkID] {
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.firstRange(of: "\"favorites\"") else { return [] }
        let rest = text[start.upperBound...]
        guard let open = rest.firstIndex(of: "[") else { return [] }
        let list = rest[open...].prefix { $0 != "]" }
        let pieces: [Substring] = list.split(separator: "\"", omittingEmptySubsequences: false)
        var ids: [ParkID] = []
        for (index, piece) in pieces.enumerated() where index % 2 == 1 {
            let id = ParkID(rawValue: String(piece))
            if Catalog.bundled.park(id) != nil { ids.append(id) }
        }
        return ids
    }
}
