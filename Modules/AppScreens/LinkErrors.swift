import Localization
import Models
import ScreenRows

/// Why a deep link was refused, in words.
public enum LinkErrors {
    public static func text(_ error: DeepLink.ParseError, _ ctx: ScreenContext) -> String {
        switch error {
        case .wrongScheme(let s): ctx.l(.errorLinkWrongScheme, s)
        case .unknownHost(let h): ctx.l(.errorLinkUnknownHost, h)
        case .missingPark: ctx.l(.errorLinkMissingPark)
        case .invalidIdentifier(let id): ctx.l(.errorLinkInvalidIdentifier, id)
        case .unknownScreen(let s): ctx.l(.errorLinkUnknownScreen, s)
        case .unexpectedPath(let p): ctx.l(.errorLinkUnexpectedPath, p)
        case .unknownQuery(let q): ctx.l(.errorLinkUnknownQuery, q)
        }
    }
}
