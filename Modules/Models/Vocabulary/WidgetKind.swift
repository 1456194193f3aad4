/// Which widget: parking says first how many spaces are left; general says whether today is good for an outing.
public enum WidgetKind: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case parking, general
}
