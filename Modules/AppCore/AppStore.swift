import Foundation
import Localization
import Models
import Repositories
import Storage
import Synchronization

/// The app's state store: screen state in, actions and refreshes through the environment, change notifications out.
/// HTTP, decoding and persistence stay in the repositories behind ``AppEnvironment``.
public final class AppStore: Sendable {
    public let environment: AppEnvironment
    public let catalog: Catalog
    private let guarded: Mutex<AppState>
    private let observer = Mutex<(@Sendable () -> Void)?>(nil)

    /// A store showing `park` (else the first favourite, else the park nearest home, else Yeouido), painted from the
    /// cache when it holds that park.
    public init(
        park: ParkID? = nil, tab: AppTab = .home, lot: LotID? = nil, simulated: Bool, environment: AppEnvironment,
        catalog: Catalog = .bundled
    ) {
        self.environment = environment
        self.catalog = catalog
        let (settings, warning) = environment.loadSettings()
        let chosen = park ?? settings.defaultPark(in: catalog)
        var initial = AppState(parkId: chosen, settings: settings, simulatedBackend: simulated)
        initial.tab = tab
        initial.focusedLot = lot
        initial.parks[chosen] = ParkState(summary: environment.cachedSummary(chosen))
        if let warning { initial.message = .saveFailed(reason: warning) }
        guarded = Mutex(initial)
    }

    /// The current state.
    public var state: AppState { guarded.withLock { $0 } }

    /// Called after every change (from any thread).
    public func observe(_ onChange: @escaping @Sendable () -> Void) {
        observer.withLock { $0 = onChange }
    }

    private func update(_ change: (inout AppState) -> Void) {
        guarded.withLock { change(&$0) }
        observer.withLock { $0 }?()
    }

    // MARK: Refreshing

    /// Refreshes the viewed park (and the parks list on the parks tab).
    public func refresh(force: Bool = false) async {
        let (park, tab) = guarded.withLock { ($0.parkId, $0.tab) }
        if tab == .parks { await refreshParksList(force: force) }
        if tab == .go { return await refreshLotForecasts(force: force) }
        await refresh(park: park, force: force)
        if tab == .outing { await refreshOuting(park: park, force: force) }
    }

    /// Loads a park's whole outing; when it cannot be had the last one stays (the screen says each list's age).
    public func refreshOuting(park: ParkID, force: Bool) async {
        guard let loaded = await environment.loadOuting(park, force) else { return }
        update { $0.parks[park, default: ParkState()].outing = loaded }
    }

    /// Loads one park through the repository; a value just fetched is also written as both widget snapshots, so the
    /// status bar shows what the user just saw (a cached one was written when it was fetched, and may be older than
    /// what the widget wrote since). On failure the last value stays, marked stale with the reason.
    public func refresh(park: ParkID, force: Bool) async {
        update { $0.parks[park, default: ParkState()].loading = true }
        do {
            let loaded = try await environment.loadSummary(park, force)
            var saveProblem: Reason?
            if case .current = loaded.trust, loaded.origin != .cache {
                do { try environment.writeSnapshots(loaded.value, loaded.fetchedAt) } catch {
                    saveProblem = Reason(error)
                }
            }
            update { state in
                state.parks[park] = ParkState(summary: loaded)
                if case .stale(let reason) = loaded.trust, park == state.parkId {
                    state.message = .showingStale(reason: reason)
                }
                if let saveProblem { state.message = .saveFailed(reason: saveProblem) }
            }
        } catch {
            let reason = Reason(error)
            update { state in
                var entry = state.parks[park, default: ParkState()]
                entry.loading = false
                if var last = entry.summary {
                    last.trust = .stale(reason: reason)
                    entry.summary = last
                    if park == state.parkId { state.message = .showingStale(reason: reason) }
                } else {
                    entry.unavailableReason = reason
                    if park == state.parkId { state.message = .unavailable(reason: reason) }
                }
                state.parks[park] = entry
            }
        }
    }

    /// Loads every lot's forecast for the go tab; on failure the last answer stays, marked stale with the reason.
    public func refreshLotForecasts(force: Bool = false) async {
        update { $0.lotForecastsLoading = true }
        do {
            let loaded = try await environment.loadLotForecasts(force)
            update { state in
                state.lotForecastsLoading = false
                state.lotForecasts = loaded
                state.lotForecastsFailure = nil
            }
        } catch {
            let reason = Reason(error)
            update { state in
                state.lotForecastsLoading = false
                if var last = state.lotForecasts {
                    last.trust = .stale(reason: reason)
                    state.lotForecasts = last
                    state.message = .showingStale(reason: reason)
                } else {
                    state.lotForecastsFailure = reason
                    state.message = .unavailable(reason: reason)
                }
            }
        }
    }

    /// Moves the go tab's arrival by `steps` of ``AppState/arrivalStepMinutes``, from the drive's default when none
    /// was chosen, within 0 to the ranking's reach.
    public func moveArrival(by steps: Int, reach: Int) {
        update { state in
            let from = state.arrivalMinutes ?? ArrivalRanking.Arrival.defaultMinutes
            state.arrivalMinutes = min(reach, max(0, from + steps * AppState.arrivalStepMinutes))
        }
    }

    /// Refreshes the parks list.
    public func refreshParksList(force: Bool = false) async {
        update { $0.parksListLoading = true }
        let loaded = try? await environment.loadParks(force)
        update { state in
            state.parksListLoading = false
            if let loaded {
                state.parksList = loaded
            } else if var last = state.parksList {
                last.trust = .stale(reason: Reason(.reasonRefreshFailed))
                state.parksList = last
            }
        }
    }

    /// Refreshes all 11 parks and the list in parallel; returns the wall time.
    @discardableResult
    public func refreshAll(force: Bool = true) async -> Duration {
        let clock = ContinuousClock()
        let started = clock.now
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.refreshParksList(force: force) }
            for park in catalog.parks { group.addTask { await self.refresh(park: park.id, force: force) } }
        }
        let elapsed = clock.now - started
        let ms = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        update { $0.message = .refreshedAll(parks: catalog.parks.count, milliseconds: ms) }
        return elapsed
    }

    /// Refreshes the viewed park when it has no current value yet, and the parks list on the parks tab when it has none.
    public func refreshIfNeeded() async {
        let goNeeded = guarded.withLock {
            $0.tab == .go && $0.lotForecasts == nil && $0.lotForecastsFailure == nil && !$0.lotForecastsLoading
        }
        if goNeeded { return await refreshLotForecasts() }
        let (needed, listNeeded, outingNeeded) = guarded.withLock { state -> (Bool, Bool, Bool) in
            let list = state.tab == .parks && state.parksList == nil && !state.parksListLoading
            let outing = state.tab == .outing && state.current.outing == nil
            guard let summary = state.current.summary else { return (!state.current.loading, list, outing) }
            return (summary.origin == .cache && !state.current.loading, list, outing)
        }
        if listNeeded { await refreshParksList() }
        if outingNeeded { await refreshOuting(park: guarded.withLock { $0.parkId }, force: false) }
        if needed { await refresh(park: guarded.withLock { $0.parkId }, force: false) }
    }

    // MARK: Navigation

    /// Shows a park, painted at once from what is known (memory, else the cache).
    public func select(park: ParkID) {
        guard catalog.park(park) != nil else { return }
        let cached = guarded.withLock { $0.parks[park]?.summary } == nil ? environment.cachedSummary(park) : nil
        update { state in
            state.parkId = park
            state.focusedLot = nil
            state.handoffCode = nil
            if let cached { state.parks[park] = ParkState(summary: cached) }
        }
    }

    /// The next (+1) or previous (-1) park along the river, west to east.
    public func movePark(by step: Int) {
        let order = catalog.parksWestToEast.map(\.id)
        let current = guarded.withLock { $0.parkId }
        guard let index = order.firstIndex(of: current) else { return }
        select(park: order[(index + step + order.count) % order.count])
    }

    public func show(_ tab: AppTab) {
        update { state in
            state.tab = tab
            state.showHelp = false
            state.handoffCode = nil
            if tab == .parks, let row = state.parksInListOrder(catalog).firstIndex(where: { $0.id == state.parkId }) {
                state.parksCursor = row
            }
        }
    }

    /// The next (+1) or previous (-1) tab.
    public func moveTab(by step: Int) {
        let tabs = AppTab.allCases
        let current = guarded.withLock { $0.tab }
        show(tabs[(tabs.firstIndex(of: current)! + step + tabs.count) % tabs.count])
    }

    public func toggleHelp() { update { $0.showHelp.toggle() } }

    public func toggleLotOrder() {
        update { $0.lotOrder = $0.lotOrder == .recommendation ? .distance : .recommendation }
    }

    /// Focuses the next (+1) or previous (-1) lot of the park on the forecast screen; the park total sits first.
    public func moveLot(by step: Int) {
        update { state in
            let lots: [LotID?] = [nil] + catalog.lots(in: state.parkId).map { Optional($0.id) }
            let index = lots.firstIndex(of: state.focusedLot) ?? 0
            state.focusedLot = lots[(index + step + lots.count) % lots.count]
        }
    }

    /// Moves the parks-list cursor.
    public func moveCursor(by step: Int) {
        update { state in
            let count = catalog.parks.count
            state.parksCursor = (state.parksCursor + step + count) % count
        }
    }

    /// Opens the park under the parks-list cursor on its home tab.
    public func openParkAtCursor() {
        let park = guarded.withLock { $0.parksInListOrder(catalog)[$0.parksCursor].id }
        select(park: park)
        show(.home)
    }

    /// Opens a deep link: the same park and screen (and lot) it names.
    public func open(_ link: DeepLink) {
        guard catalog.park(link.parkId) != nil else {
            update { $0.message = .badLink("unknown park '\(link.parkId.rawValue)'") }
            return
        }
        select(park: link.parkId)
        update { state in
            state.tab = AppTab(link.screen)
            state.focusedLot = link.lotId
            state.message = .openedLink(link.description)
        }
    }

    // MARK: Settings

    /// Adds or removes the viewed park from the favourites (saved at once, shared with the widget).
    public func toggleFavorite() {
        let park = guarded.withLock { $0.parkId }
        do {
            let saved = try environment.updateSettings { settings in
                if let i = settings.favorites.firstIndex(of: park) {
                    settings.favorites.remove(at: i)
                } else {
                    settings.favorites.append(park)
                }
            }
            update { state in
                state.settings = saved
                state.message = saved.favorites.contains(park) ? .favoriteAdded(park) : .favoriteRemoved(park)
            }
        } catch {
            update { $0.message = .saveFailed(reason: Reason(error)) }
        }
    }

    /// Makes both widgets show the viewed park, and writes their snapshots from the value on screen when it is current.
    public func setWidgetPark() {
        let (park, summary) = guarded.withLock { ($0.parkId, $0.current.summary) }
        do {
            let saved = try environment.updateSettings { settings in
                for kind in WidgetKind.summaryKinds { settings.widgetParks[kind] = park }
            }
            if let summary, case .current = summary.trust {
                try environment.writeSnapshots(summary.value, summary.fetchedAt)
            }
            update { state in
                state.settings = saved
                state.message = .widgetSet(park)
            }
        } catch {
            update { $0.message = .saveFailed(reason: Reason(error)) }
        }
    }

    /// Learns where a phone can open the screen on view: the configured address, or the server's (asking it only
    /// when `mayAsk`). A known address is kept; a failure to learn it is tried again next time.
    @discardableResult
    public func learnPageAddress(mayAsk: Bool = true) async -> PageAddress {
        if let known = guarded.withLock({ $0.pageAddress }), case .at = known { return known }
        let address = await environment.pageAddress(mayAsk)
        update { $0.pageAddress = address }
        return address
    }

    /// Shows (or hides) a QR code for a phone: the page of the park and screen on view when the deployment has
    /// public pages, else the route to the park (and the status line says why there is no page).
    public func toggleHandoffCode(map: MapProvider = .kakao) async {
        guard guarded.withLock({ $0.handoffCode }) == nil else { return closeHandoffCode() }
        let address = await learnPageAddress()
        let (park, summary, home, lot, tab, minutes) = guarded.withLock {
            ($0.parkId, $0.current.summary?.value, $0.settings.home, $0.focusedLot, $0.tab, $0.arrivalMinutes)
        }
        // The go tab spans every park: its page is /go for the arrival on view.
        if let page = tab == .go
            ? address.goPage(arrivalMinutes: minutes)
            : address.page(DeepLink(parkId: park, screen: tab.screen, lotId: lot))
        {
            return update { $0.handoffCode = HandoffCode(url: page, kind: .page) }
        }
        guard
            let request = try? DirectionsRequest.resolve(
                park: park, lot: lot, mode: .car, summary: summary, catalog: catalog)
        else { return }
        let url = MapLinks.url(request, map: map, from: home)
        update { state in
            guard case .unavailable(let reason) = address else { return }
            state.handoffCode = HandoffCode(url: url, kind: .route, whyNoPage: reason)
            state.message = .noPageLink(reason: reason)
        }
    }

    /// Hides the QR code.
    public func closeHandoffCode() {
        update { $0.handoffCode = nil }
    }

    /// Opens directions to the viewed park (the recommended lot by car) on the desktop, else shows the link.
    public func directions(map: MapProvider = .kakao) {
        let (park, summary, home, lot) = guarded.withLock {
            ($0.parkId, $0.current.summary?.value, $0.settings.home, $0.focusedLot)
        }
        guard
            let request = try? DirectionsRequest.resolve(
                park: park, lot: lot, mode: .car, summary: summary, catalog: catalog)
        else { return }
        let url = MapLinks.url(request, map: map, from: home)
        let opened = environment.openURL(url)
        update { $0.message = .directions(url: url, opened: opened) }
    }
}
