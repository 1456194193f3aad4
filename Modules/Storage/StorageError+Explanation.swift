import Localization

extension StorageError: ExplainableError {
    /// What the user reads; the operating system's reason (strerror) is kept as the system gave it.
    public func explanation(_ l: Localizer) -> String {
        switch self {
        case .noHome: l(.reasonNoHome)
        case .unwritable(let path, let reason): l(.reasonUnwritable, path, reason)
        case .corrupt(let path, let moved?): l(.reasonCorruptMoved, path, moved)
        case .corrupt(let path, nil): l(.reasonCorrupt, path)
        case .tooNew(let path, let version): l(.reasonTooNew, path, version)
        case .lockTimeout(let path): l(.reasonLockTimeout, path)
        }
    }
}
