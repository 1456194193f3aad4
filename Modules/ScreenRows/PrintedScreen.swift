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
        } else if refresh || store.state.current.summary?.trust != .current {
            await store.refresh(park: store.state.parkId, force: refresh)
        }
        if tab == .outing { await store.refreshOuting(park: store.state.parkId, force: refresh) }
        if json, tab != .parks { await store.learnPageAddress(mayAsk: false) }
        let state = store.state
        let stderr = messages(tab, state, context)
        let verdict = JSONOutput.verdict(tab, state)
        if json {
            let data = (try? JSONOutput.render(tab, state)) ?? Data()
            return Output(
                stdout: String(decoding: data, as: UTF8.self) + "\n", stderr: stderr, status: verdict.exitStatus)
        }
        var printable = state
        printable.tab = tab
        return Output(
            stdout: printed(Frame.printed(printable, context), mode: mode, context), stderr: stderr,
            status: verdict.exitStatus)
    }

    /// Lines as a printed command writes them: rendered for `mode`, without trailing spaces, each ending a line.
    public static func printed(_ lines: [Line], mode: RenderMode, _ context: ScreenContext) -> String {
        lines.map {
            trimTrailing($0.render(width: context.width, mode: mode, widths: context.widths, pad: false))
        }.joined(separator: "\n") + "\n"
    }

    /// What stderr says when the verdict is not current: the refresh that failed, or the main sources down at the
    /// source, or why there is nothing to show.
    static func messages(_ tab: AppTab, _ state: AppState, _ context: ScreenContext) -> [String] {
        switch JSONOutput.verdict(tab, state) {
        case .current: return []
        case .stale(let reason):
            let loaded = tab == .parks ? nil : state.current.summary
            let notes = loaded.map { SourceNotes.verdictLines($0, screen: tab.screen, context) } ?? []
            return notes.isEmpty ? [context.l(.messageShowingStale, reason)] : notes
        case .unavailable(let reason): return [context.l(.messageUnavailable, reason)]
        }
    }

    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
