import AppCore
import AppScreens
import Dispatch
import Foundation
import Localization
import Models
import ScreenRows
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The full-screen app: draws the store's state, turns keys into store actions, refreshes in the background (input
/// never waits for the network), redraws on resize, and restores the terminal however it ends.
public struct InteractiveApp: Sendable {
    public var store: AppStore
    public var language: Language
    public var mode: RenderMode
    /// How often the viewed park refreshes by itself.
    public var autoRefresh: Duration = .seconds(60)
    /// Quit right after the first frame (for measuring start-up).
    public var exitAfterFirstPaint = false

    public init(store: AppStore, language: Language, mode: RenderMode) {
        self.store = store
        self.language = language
        self.mode = mode
    }

    enum Event: Sendable {
        case keys([Key])
        case resize
        case changed
        case tick
        case closed
    }

    /// Runs until the user quits; returns the exit status.
    public func run() async -> Int32 {
        let terminal = Terminal()
        terminal.enter()
        defer { terminal.restore() }
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        // Changes arrive from refresh tasks; one pending redraw is enough however many arrive.
        let redrawPending = Atomic<Bool>(false)
        store.observe {
            if !redrawPending.exchange(true, ordering: .acquiringAndReleasing) { continuation.yield(.changed) }
        }
        let reader = KeyReader()
        reader.start(onKeys: { continuation.yield(.keys($0)) }, onClose: { continuation.yield(.closed) })
        defer { reader.stop() }
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH)
        resize.setEventHandler { continuation.yield(.resize) }
        resize.resume()
        defer { resize.cancel() }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: autoRefresh)
                continuation.yield(.tick)
            }
        }
        defer { ticker.cancel() }

        var screen = ScreenBuffer(terminal: terminal)
        screen.draw(frame(terminal))
        if exitAfterFirstPaint { return 0 }
        let store = self.store
        Task { await store.refreshIfNeeded() }
        for await event in events {
            switch event {
            case .keys(let keys):
                for key in keys where handle(key) == .quit { return 0 }
            case .resize:
                screen.invalidate()
            case .changed:
                redrawPending.store(false, ordering: .releasing)
            case .tick:
                Task { await store.refresh() }
            case .closed:
                return 0
            }
            screen.draw(frame(terminal))
        }
        return 0
    }

    enum Outcome { case handled, quit }

    /// One key's action. Refreshes run as tasks; their results arrive as `.changed`.
    func handle(_ key: Key) -> Outcome {
        let store = self.store
        let tab = store.state.tab
        switch key {
        case .ctrlC, .character("q"), .character("Q"): return .quit
        case .escape:
            if store.state.showHelp { store.toggleHelp() }
            if store.state.handoffCode != nil { store.closeHandoffCode() }
        case .left, .character("h"):
            store.movePark(by: -1)
            Task { await store.refreshIfNeeded() }
        case .right, .character("l"):
            store.movePark(by: 1)
            Task { await store.refreshIfNeeded() }
        case .tab:
            store.moveTab(by: 1)
            Task { await store.refreshIfNeeded() }
        case .backTab:
            store.moveTab(by: -1)
            Task { await store.refreshIfNeeded() }
        case .character("+"), .character("="):
            if tab == .go { store.moveArrival(by: 1, reach: ArrivalRanking.reachMinutes) }
        case .character("-"): if tab == .go { store.moveArrival(by: -1, reach: ArrivalRanking.reachMinutes) }
        case .character(let c) where ("1"..."6").contains(c):
            store.show(AppTab.allCases[Int(String(c))! - 1])
            if [.parks, .outing, .go].contains(store.state.tab) { Task { await store.refreshIfNeeded() } }
        case .up, .character("k"): if tab == .parks { store.moveCursor(by: -1) }
        case .down, .character("j"): if tab == .parks { store.moveCursor(by: 1) }
        case .enter:
            if tab == .parks {
                store.openParkAtCursor()
                Task { await store.refreshIfNeeded() }
            }
        case .character("f"): store.toggleFavorite()
        case .character("w"): store.setWidgetPark()
        case .character("r"): Task { await store.refresh(force: true) }
        case .character("R"): Task { await store.refreshAll() }
        case .character("d"): store.directions()
        case .character("p"): Task { await store.toggleHandoffCode() }
        case .character("s"): store.toggleLotOrder()
        case .character("["): store.moveLot(by: -1)
        case .character("]"): store.moveLot(by: 1)
        case .character("?"): store.toggleHelp()
        default: break
        }
        return .handled
    }

    func frame(_ terminal: Terminal) -> (lines: [String], width: Int) {
        let (width, height) = terminal.size()
        let ctx = ScreenContext(
            language: language, now: store.environment.now(), machineOffsetSeconds: TimeZone.current.secondsFromGMT(),
            width: width,
            ambiguous: store.state.settings.ambiguousWidth ?? .single)
        // A terminal too small for any screen says so (the frame's words) before a code is drawn.
        let lines =
            (Frame.hasRoom(ctx, height: height)
                ? store.state.handoffCode.map { DirectionsCode.screen($0, ctx, height: height) } : nil)
            ?? Frame.interactive(store.state, ctx, height: height)
        return (lines.prefix(height).map { $0.render(width: width, mode: mode, widths: ctx.widths, pad: true) }, width)
    }
}

/// What is on the screen, so only changed rows are rewritten.
struct ScreenBuffer {
    let terminal: Terminal
    var rows: [String] = []
    var width = 0

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    mutating func invalidate() {
        rows = []
        terminal.write("\u{1B}[2J")
    }

    mutating func draw(_ frame: (lines: [String], width: Int)) {
        if frame.width != width { invalidate() }
        width = frame.width
        var out = ""
        for (index, line) in frame.lines.enumerated() where index >= rows.count || rows[index] != line {
            out += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[0m"
        }
        if frame.lines.count < rows.count { out += "\u{1B}[\(frame.lines.count + 1);1H\u{1B}[J" }
        rows = frame.lines
        if !out.isEmpty { terminal.write(out) }
    }
}
