import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The directory the app and the widget share: the Linux form of an App Group.
///
/// `$XDG_STATE_HOME/hangangjari` by default (XDG defaults applied when variables are unset or empty, as under cron),
/// or the directory named by `--state-dir` / `HANGANGJARI_STATE_DIR` (tests, multiple profiles). Created 0700.
public struct SharedContainer: Sendable, Hashable {
    /// The container directory.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// Resolves the container from an explicit directory, then `HANGANGJARI_STATE_DIR`, then XDG.
    public static func resolve(explicit: String? = nil, environment: [String: String]) throws(StorageError)
        -> SharedContainer
    {
        if let explicit, !explicit.isEmpty { return SharedContainer(url: URL(fileURLWithPath: explicit)) }
        if let dir = environment["HANGANGJARI_STATE_DIR"], !dir.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: dir))
        }
        return SharedContainer(url: try XDG.stateHome(environment).appendingPathComponent("hangangjari"))
    }

    /// Creates the directory (0700) when missing.
    public func prepare() throws(StorageError) {
        try Self.makeDirectory(url.path)
    }

    /// `mkdir -p` with mode 0700 for the directories it creates; the error names the part that failed and why.
    static func makeDirectory(_ path: String) throws(StorageError) {
        var made = ""
        for part in path.split(separator: "/") {
            made += "/" + part
            guard mkdir(made, 0o700) != 0 else { continue }
            let problem = errno
            var info = stat()
            if problem == EEXIST, stat(made, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
            throw .unwritable(path: made, reason: String(cString: strerror(problem == EEXIST ? ENOTDIR : problem)))
        }
    }

    /// A file in the container.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// XDG Base Directory defaults.
public enum XDG {
    /// `$XDG_STATE_HOME`, else `$HOME/.local/state`.
    public static func stateHome(_ environment: [String: String]) throws(StorageError) -> URL {
        try directory("XDG_STATE_HOME", default: ".local/state", environment)
    }

    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`.
    public static func configHome(_ environment: [String: String]) throws(StorageError) -> URL {
        try directory("XDG_CONFIG_HOME", default: ".config", environment)
    }

    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
    public static func dataHome(_ environment: [String: String]) throws(StorageError) -> URL {
        try directory("XDG_DATA_HOME", default: ".local/share", environment)
    }

    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`.
    public static func cacheHome(_ environment: [String: String]) throws(StorageError) -> URL {
        try directory("XDG_CACHE_HOME", default: ".cache", environment)
    }

    static func directory(_ variable: String, default relative: String, _ environment: [String: String])
        throws(StorageError) -> URL
    {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        guard let home = environment["HOME"], !home.isEmpty else { throw .noHome }
        return URL(fileURLWithPath: home).appendingPathComponent(relative)
    }
}

/// Why storage could not be used.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    case noHome
    case unwritable(path: String, reason: String)
    case corrupt(path: String, movedTo: String?)
    case tooNew(path: String, version: Int)
    case lockTimeout(path: String)

    public var description: String {
        switch self {
        case .noHome: "neither HOME nor an absolute XDG directory is set"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .corrupt(let path, let moved): "\(path) was corrupt" + (moved.map { "; moved aside to \($0)" } ?? "")
        case .tooNew(let path, let version): "\(path) was written by a newer version (\(version))"
        case .lockTimeout(let path): "timed out waiting for the lock on \(path)"
        }
    }
}
