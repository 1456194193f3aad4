import Foundation
import Models
import ServerForecasting
import ServerSources

extension Collector {
    /// The model forecasts are made with now, nil while the rule forecasts. Its stored form is held without the
    /// models' bytes (``LearnedForecast/withoutBytes``): they are in the history store.
    public var learned: LearnedForecast? { learnedBox.withLock { $0 } }

    /// Runs until cancelled: every instance takes the kept model when it is newer than its own; the instance
    /// holding the collector lease trains when the kept model is older than the interval (or there is none).
    func learn(_ learning: ForecastLearning) async {
        try? await Task.sleep(for: learning.firstDelay)
        while !Task.isCancelled {
            await learnOnce(learning)
            try? await Task.sleep(for: learning.checkInterval)
        }
    }

    /// One look: takes a newer kept model; trains when this instance collects and training is due. True when it
    /// trained (the forecasts are then computed again and published).
    @discardableResult
    func learnOnce(_ learning: ForecastLearning) async -> Bool {
        await loadKeptModel(learning)
        guard await holdsLease(), await train(learning) else { return false }
        await computeForecasts()
        await publishAll()
        return true
    }

    /// Takes the kept model when it differs from the one in use (another instance trained it, or a restart).
    func loadKeptModel(_ learning: ForecastLearning) async {
        do {
            guard let data = try await history.latestForecastModel() else { return }
            let stored = try StoredForecastModel.decoded(data)
            if stored.withoutBytes != learned?.stored {
                let model = try LearnedForecast(stored, trainer: learning.trainer).withoutBytes
                learnedBox.withLock { $0 = model }
                learning.log(
                    "forecast model trained at \(ISO8601.format(stored.trainedAt)) on \(stored.days) days taken")
            }
            keptModelProblem.withLock { $0 = nil }
        } catch {
            // Said once, not at every look, until the kept model changes.
            let problem = "the kept forecast model is not used: \(error)"
            let isNew = keptModelProblem.withLock { last in
                defer { last = problem }
                return last != problem
            }
            if isNew { learning.log(problem) }
        }
    }

    /// Trains when due; true when a new model is in use.
    @discardableResult
    func train(_ learning: ForecastLearning) async -> Bool {
        let at = now()
        if let trainedAt = learned?.stored.trainedAt,
            at.timeIntervalSince(trainedAt) < Double(learning.interval.components.seconds)
        {
            return false
        }
        // The history's rows, the feature rows and the first model are freed by the time this returns: their pages
        // go back to the system then, or the server would keep a training's peak for good.
        defer { FreedMemory.giveBack() }
        do {
            let readings = try await history.allReadings()
            let cutoff = TimeSlot.index(of: at) + 1
            let trained: LearnedForecast?
            if let separately = learning.separately {
                trained = try await separately(readings, (try? await inUseWithBytes()) ?? nil, cutoff, at).map {
                    try LearnedForecast($0, trainer: learning.trainer)
                }
            } else {
                let series = HistorySeries.series(from: readings, catalog: catalog)
                let training = ForecastTraining(
                    trainer: learning.trainer, calendar: forecaster.calendar, horizons: forecaster.horizons)
                trained = try await training.retrain(after: learned, series: series, before: cutoff, now: at)
            }
            guard let trained else {
                learning.log(
                    "forecast model not trained: less than \(ForecastTraining.minimumDays) days of history; the rule forecasts"
                )
                return false
            }
            try await history.saveForecastModel(try trained.stored.encoded())
            learnedBox.withLock { $0 = trained.withoutBytes }
            learning.log(
                "forecast model trained on \(trained.stored.days) days (\(trained.stored.samples) rows, "
                    + "\(trained.stored.trees.map(String.init) ?? "?") trees) in "
                    + String(format: "%.1f s", trained.stored.seconds))
            return true
        } catch {
            learning.log("forecast model not trained: \(error)")
            return false
        }
    }

    /// The stored model in use with its models' bytes, read back from the history store (nil without one, or when
    /// the kept model is another one by now or cannot be read: the next training then starts its band widths
    /// afresh).
    func inUseWithBytes() async throws -> StoredForecastModel? {
        guard let inUse = learned?.stored, let data = try await history.latestForecastModel() else { return nil }
        let kept = try StoredForecastModel.decoded(data)
        return kept.withoutBytes == inUse ? kept : nil
    }
}
