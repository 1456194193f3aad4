import Localization

/// What the QR code over the screen hands a phone: the page of the park and screen on view when the deployment has
/// public pages, else the route to the park in a map app.
public struct HandoffCode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case page, route }

    public var url: String
    public var kind: Kind
    /// With a route: why no page of the screen is offered (shown under the code).
    public var whyNoPage: Reason?

    public init(url: String, kind: Kind, whyNoPage: Reason? = nil) {
        self.url = url
        self.kind = kind
        self.whyNoPage = whyNoPage
    }
}
