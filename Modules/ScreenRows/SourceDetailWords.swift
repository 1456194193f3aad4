import Localization
import Models

/// A source's detail in the reader's language: from the server's code when it sends one, else from its English
/// sentence (older servers), else as written.
enum SourceDetailWords {
    static func text(_ status: SourceStatus, _ ctx: ScreenContext) -> String? {
        var parts: [String] = []
        if let reason = status.reason, let text = text(reason, ctx) {
            parts.append(text)
        } else if let detail = status.detail, !detail.isEmpty {
            parts.append(ServerDetailText.localize(detail, ctx.l))
        }
        if let rows = status.unmatchedRows, !rows.isEmpty {
            parts.append(ctx.l(.serverDetailUnmatchedRows, rows.joined(separator: ", ")))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func text(_ reason: SourceDetail, _ ctx: ScreenContext) -> String? {
        let l = ctx.l
        switch reason.code {
        case .known(.notCollected): return l(.serverDetailNotCollected)
        case .known(.failing): return l(.serverDetailSourceFailing, reason.text ?? "")
        case .known(.olderThan): return l(.serverDetailObservedAgo, reason.ageMinutes ?? 0, reason.windowMinutes ?? 0)
        case .known(.noLotMatched): return l(.serverDetailNoLotMatched, reason.count ?? 0)
        case .known(.publishedLate): return l(.serverDetailPublishedLate, reason.ageMinutes ?? 0)
        case .known(.backingOff): return l(.serverDetailBackingOff, reason.until.map(ctx.clock) ?? "—")
        case .known(.keyRefused): return l(.serverDetailKeyRefused, reason.text ?? "INFO-100")
        case .known(.placeholderPositions): return l(.serverDetailPlaceholderPositions)
        case .known(.lastGoodServed): return l(.serverDetailLastGood)
        case .known(.rowsDropped): return l(.serverDetailRowsDropped, reason.count ?? 0)
        case .known(.noOpenSource): return l(.serverDetailNoOpenSource)
        case .unknown: return nil
        }
    }
}
