import ArgumentParser
import Models

/// What a shell completes for arguments that name things from the bundled catalog.
public enum CompletionLists {
    /// Park ids (`yeouido`, `banpo`, …); names and initial consonants are accepted but not offered.
    public static var parks: CompletionKind { .list(Catalog.bundled.parks.map(\.id.rawValue)) }
    /// Park ids and lot ids, for arguments that take either (alert targets).
    public static var parksAndLots: CompletionKind {
        .list(Catalog.bundled.parks.map(\.id.rawValue) + Catalog.bundled.lots.map(\.id.rawValue))
    }
}
