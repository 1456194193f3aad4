import Localization
import Models

/// Where a phone can open the park and screen on view: the deployment's pages, or why there are none.
public enum PageAddress: Sendable, Equatable {
    case at(PublicURL)
    case unavailable(Reason)

    /// The page of `link`, when there are pages.
    public func page(_ link: DeepLink) -> String? {
        guard case .at(let url) = self else { return nil }
        return url.page(link)
    }

    /// The `/go` page for an arrival in `minutes` (``PublicURL/goPage(arrivalMinutes:)``), when there are pages.
    public func goPage(arrivalMinutes minutes: Int?) -> String? {
        guard case .at(let url) = self else { return nil }
        return url.goPage(arrivalMinutes: minutes)
    }

    /// The configured address (`public_url` in config.toml or `HANGANGJARI_PUBLIC_URL`) first; with the embedded
    /// backend there are no pages a phone could reach; else the server's policy says (`publicUrl`, from its
    /// `PUBLIC_URL`).
    public static func resolve(configured: String?, embedded: Bool, policy: () async -> ClientPolicy?) async
        -> PageAddress
    {
        if let configured {
            do { return .at(try PublicURL(configured)) } catch {
                return .unavailable(Reason(.pageBadAddress, configured, error.description))
            }
        }
        if embedded { return .unavailable(Reason(.pageNoneEmbedded)) }
        guard let policy = await policy() else { return .unavailable(Reason(.pageNoneUnreachable)) }
        guard let text = policy.publicUrl else { return .unavailable(Reason(.pageNoneServer)) }
        do { return .at(try PublicURL(text)) } catch {
            return .unavailable(Reason(.pageBadAddress, text, error.description))
        }
    }
}
