/// Which widget: parking says first how many spaces are left; general says whether today is good for an outing; go
/// names the lot most likely to have a space when you arrive, across every park.
public enum WidgetKind: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case parking, general, go

    /// The kinds built from one park's home summary (and written together after each fetch of it); go is built from
    /// every lot's forecast instead.
    public static let summaryKinds: [WidgetKind] = [.parking, .general]
}
