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

    /// `refresh` asks the server even when the cache is current.
    public static func run(_ tab: AppTab, store: AppStore, json: Bool, refresh: Bool = false, context: ScreenContext, mode: RenderMode) async -> Output {
        if tab == .parks { await store.refreshParksList(force: refresh) } else { await store.refresh(park: store.snapshot.parkId, force: refresh) }
        let state = store.snapshot
        var stderr: [String] = []
        let status: Int32
        let trust: LoadTrust?
        if tab == .parks {
            trust = state.parksList?.trust
        } else {
            trust = state.current.summary?.trust
        }
        switch trust {
        case .current?: status = ExitStatus.ok
        case .stale(let reason)?: status = ExitStatus.stale; stderr.append(context.l(.messageShowingStale, reason))
        case nil:
            status = ExitStatus.unavailable
            stderr.append(context.l(.messageUnavailable, state.current.unavailableReason ?? "parks list unavailable"))
        }
        if json {
            let data = (try? JSONOutput.render(tab, state)) ?? nil
            return Output(stdout: data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "", stderr: stderr, status: status)
        }
        var printable = state
        printable.tab = tab
        let lines = Frame.printed(printable, context).map { $0.render(width: context.width, mode: mode, pad: false) }
        return Output(stdout: lines.map { trimTrailing($0) }.joined(separator: "\n") + "\n", stderr: stderr, status: status)
    }

    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
