import FoundationEssentials

/// The absolute path of the running binary, whatever directory it was started from or the name it was called by.
public enum RunningExecutable {
    /// `/proc/self/exe` resolved; `argv[0]` made absolute only when `/proc` is not mounted.
    public static func path() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        let argument = CommandLine.arguments[0]
        return argument.hasPrefix("/") ? argument : FileManager.default.currentDirectoryPath + "/" + argument
    }

    /// A file installed beside the running binary.
    public static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: path()).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
