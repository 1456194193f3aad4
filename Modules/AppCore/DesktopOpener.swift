import Foundation

/// Opens links with `xdg-open` when a graphical desktop is present.
public enum DesktopOpener {
    /// Whether a desktop session can open links (a display and `xdg-open` on the PATH).
    public static func desktopAvailable(_ environment: [String: String]) -> Bool {
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return display && executable("xdg-open", environment) != nil
    }

    /// Starts `xdg-open url` without waiting; false when there is no desktop or it could not start.
    public static func open(_ url: String, environment: [String: String]) -> Bool {
        guard desktopAvailable(environment), let opener = executable("xdg-open", environment) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }

    /// The full path of a program on `PATH`.
    public static func executable(_ name: String, _ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
