import AppCore
import Foundation
import Localization
import Models
import Repositories

/// `hangangjari home|parking|forecast|outing|parks`: one screen printed once (plain text when not a terminal, or
/// JSON), after the same cache-then-network load as the full-screen app, which also updates the widget snapshots.
public enum PrintedScreen {
    public struct Output: Sendable {
        public var stdout: String
        public var stderr: [String]
        public var status: Int32
    }

    /// `refresh` asks the server even when the cache is current; without it, a park whose cached value the store
    /// opened with is still current is printed as it is, like the widget within its max-age.
    public static func run(
        _ tab: AppTab, store: AppStore, json: Bool, refresh: Bool = false, context: ScreenContext, mode: RenderMode
    ) async -> Output {
        if tab == .parks {
            await store.refreshParksList(force: refresh)
        } else if refresh || store.snapshot.current.summary?.trust != .current {
            await store.refresh(park: store.snapshot.parkId, force: refresh)
        }
        if json, tab != .parks { await store.learnPageAddress(mayAsk: false) }
        let state = store.snapshot
        var stderr: [String] = []
        let verdict = JSONOutput.verdict(tab, state)
        switch verdict {
        case .current: break
        case .stale(let reason): stderr.append(context.l(.messageShowingStale, reason))
        case .unavailable(let reason): stderr.append(context.l(.messageUnavailable, reason))
        }
        if json {
            let data = (try? JSONOutput.render(tab, state)) ?? Data()
            return Output(
                stdout: String(decoding: data, as: UTF8.self) + "\n", stderr: stderr, status: verdict.exitStatus)
        }
        var printable = state
        printable.tab = tab
        let lines = Frame.printed(printable, context).map {
            $0.render(width: context.width, mode: mode, widths: context.widths, pad: false)
        }
        return Output(
            stdout: lines.map { trimTrailing($0) }.joined(separator: "\n") + "\n", stderr: stderr,
            status: verdict.exitStatus)
    }

    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
