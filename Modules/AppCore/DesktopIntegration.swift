import Foundation
import Localization
import Storage

/// Registers the app as the desktop's handler of `hangangjari://` links, so `xdg-open hangangjari://park/yeouido/parking`
/// opens the app on that screen.
public enum DesktopIntegration {
    /// The scheme's MIME type.
    public static let mimeType = "x-scheme-handler/hangangjari"
    public static let desktopFileName = "hangangjari.desktop"

    /// The `.desktop` entry that runs `executable open URL` in a terminal.
    public static func desktopEntry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=\(Localizer(.en)(.appTitle))
        Name[ko]=\(Localizer(.ko)(.appTitle))
        Comment=\(Localizer(.en)(.desktopComment))
        Comment[ko]=\(Localizer(.ko)(.desktopComment))
        Exec=\(quoteExec(executable)) open %u
        Terminal=true
        NoDisplay=true
        Categories=Utility;
        MimeType=\(mimeType);

        """
    }

    /// What the installer wrote.
    public struct Installed: Sendable, Equatable {
        public var desktopFile: String
        public var mimeapps: String
    }

    /// Writes the `.desktop` file to `$XDG_DATA_HOME/applications` and makes it the default handler of the scheme in
    /// `$XDG_CONFIG_HOME/mimeapps.list` (what `xdg-mime default` does), keeping every other entry of that file.
    public static func install(executable: String, environment: [String: String]) throws -> Installed {
        let applications = try XDG.dataHome(environment).appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let desktop = applications.appendingPathComponent(desktopFileName)
        try AtomicFile.write(Data(desktopEntry(executable: executable).utf8), to: desktop, mode: 0o644)
        let config = try XDG.configHome(environment)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let mimeapps = config.appendingPathComponent("mimeapps.list")
        let existing = AtomicFile.read(mimeapps).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try AtomicFile.write(Data(settingDefault(in: existing).utf8), to: mimeapps, mode: 0o644)
        return Installed(desktopFile: desktop.path, mimeapps: mimeapps.path)
    }

    /// Undoes `install`: removes the `.desktop` file and the scheme's default when it still names that file (a
    /// handler the user chose since is kept). Returns the files it changed.
    @discardableResult
    public static func uninstall(environment: [String: String]) throws -> [String] {
        var changed: [String] = []
        let desktop = try XDG.dataHome(environment).appendingPathComponent("applications").appendingPathComponent(
            desktopFileName)
        if FileManager.default.fileExists(atPath: desktop.path) {
            try FileManager.default.removeItem(at: desktop)
            changed.append(desktop.path)
        }
        let mimeapps = try XDG.configHome(environment).appendingPathComponent("mimeapps.list")
        if let existing = AtomicFile.read(mimeapps).map({ String(decoding: $0, as: UTF8.self) }) {
            let kept = removingDefault(from: existing)
            if kept != existing {
                try AtomicFile.write(Data(kept.utf8), to: mimeapps, mode: 0o644)
                changed.append(mimeapps.path)
            }
        }
        return changed
    }

    /// `mimeapps.list` text without our default for the scheme.
    static func removingDefault(from text: String) -> String {
        let line = "\(mimeType)=\(desktopFileName)"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { $0 != line }
        return lines.joined(separator: "\n")
    }

    /// `mimeapps.list` text with the scheme's default set to our desktop file under `[Default Applications]`.
    static func settingDefault(in text: String) -> String {
        let line = "\(mimeType)=\(desktopFileName)"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines.removeAll { $0.hasPrefix("\(mimeType)=") }
        if let header = lines.firstIndex(of: "[Default Applications]") {
            lines.insert(line, at: header + 1)
        } else {
            if !lines.isEmpty { lines.append("") }
            lines += ["[Default Applications]", line]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Quotes an Exec path as the Desktop Entry spec asks when it holds reserved characters.
    static func quoteExec(_ path: String) -> String {
        let reserved = " \t\"'\\><~|&;$*?#()`"
        guard path.contains(where: { reserved.contains($0) }) else { return path }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "$", with: "\\$")
        return "\"\(escaped)\""
    }
}
