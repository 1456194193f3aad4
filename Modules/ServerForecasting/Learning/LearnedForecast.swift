import Foundation

/// A model of how free spaces change from a forecast's start, over ``ForecastFeatures``' rows.
public struct ChangeModel: Sendable {
    /// The predicted change of free spaces for each row, as a share of capacity.
    public var predict: @Sendable (FeatureMatrix) throws -> [Float]

    public init(predict: @escaping @Sendable (FeatureMatrix) throws -> [Float]) {
        self.predict = predict
    }
}

/// Fits change models and reads them back: the live value is XGBoost's (module ServerLearning); a process without
/// one forecasts by the rule.
public struct ForecastTrainer: Sendable {
    /// Fits a model to a matrix with labels and weights, of as many trees as did best on the held-out days (the
    /// matrix after it): the model and that number. `labelSize` is the scale of the labels of every training row
    /// (``FeatureMatrix/medianLabelSize`` of the served model's matrix), the same for both fits so that the trees
    /// chosen here serve there.
    public var fitChoosingTrees:
        @Sendable (FeatureMatrix, _ heldOut: FeatureMatrix, _ labelSize: Float) throws -> (
            model: ChangeModel, trees: Int
        )
    /// Fits a model of `trees` trees to a matrix with labels and weights (`labelSize` as above); returns it and its
    /// bytes for storage.
    public var fit:
        @Sendable (FeatureMatrix, _ trees: Int, _ labelSize: Float) throws -> (model: ChangeModel, bytes: Data)
    /// Fits the spread model: how far off the change model is on a row (labels: absolute errors, shares of
    /// capacity); smaller than the change model, as it learns a rougher thing.
    public var fitSpread: @Sendable (FeatureMatrix) throws -> (model: ChangeModel, bytes: Data)
    /// Fits a model of the labels' `alpha`-quantile (the band's edges: 0.1 and 0.9), with its bytes for storage.
    public var fitQuantile: @Sendable (FeatureMatrix, _ alpha: Float) throws -> (model: ChangeModel, bytes: Data)
    /// A model from stored bytes.
    public var load: @Sendable (Data) throws -> ChangeModel
    /// What the model is, for the logs and the backtest ("XGBoost 1.7, trees of depth 5").
    public var name: String

    public init(
        name: String,
        fitChoosingTrees:
            @escaping @Sendable (FeatureMatrix, FeatureMatrix, Float) throws -> (
                model: ChangeModel, trees: Int
            ),
        fit: @escaping @Sendable (FeatureMatrix, Int, Float) throws -> (model: ChangeModel, bytes: Data),
        fitSpread: @escaping @Sendable (FeatureMatrix) throws -> (model: ChangeModel, bytes: Data),
        fitQuantile: @escaping @Sendable (FeatureMatrix, Float) throws -> (model: ChangeModel, bytes: Data),
        load: @escaping @Sendable (Data) throws -> ChangeModel
    ) {
        self.name = name
        self.fitChoosingTrees = fitChoosingTrees
        self.fit = fit
        self.fitSpread = fitSpread
        self.fitQuantile = fitQuantile
        self.load = load
    }
}

/// A trained forecast: the change model, its spread model, its quantile models, its calibrated bands and what it
/// was trained on.
public struct LearnedForecast: Sendable {
    public var model: ChangeModel
    /// How far off `model` is expected to be on a row (a share of capacity): the bands' unit.
    public var spread: ChangeModel
    /// The change's 10th and 90th percentiles (labels as `model`'s): the band the conformal one is blended with.
    public var quantiles: (low: ChangeModel, high: ChangeModel)
    public var bands: ConformalBands
    /// How much wider or narrower than `bands` the served bands are drawn, as learned from the served forecasts.
    public var calibration: BandCalibration
    /// The stored form: written with the history, read back by every instance.
    public var stored: StoredForecastModel

    public init(
        model: ChangeModel, spread: ChangeModel, quantiles: (low: ChangeModel, high: ChangeModel),
        stored: StoredForecastModel
    ) {
        self.model = model
        self.spread = spread
        self.quantiles = quantiles
        self.bands = stored.bands
        self.calibration = stored.calibration
        self.stored = stored
    }

    /// A stored model read back with `trainer`.
    public init(_ stored: StoredForecastModel, trainer: ForecastTrainer) throws {
        self.init(
            model: try trainer.load(stored.model), spread: try trainer.load(stored.spread),
            quantiles: (try trainer.load(stored.low), try trainer.load(stored.high)), stored: stored)
    }

    /// The same forecast keeping its stored form without the models' bytes (``StoredForecastModel/withoutBytes``).
    public var withoutBytes: LearnedForecast {
        var copy = self
        copy.stored = stored.withoutBytes
        return copy
    }
}

/// A trained model as it is kept beside the history (SQLite or PostgreSQL): the model's own bytes and the rest as
/// JSON.
public struct StoredForecastModel: Sendable, Codable, Equatable {
    /// Bumped when ``ForecastFeatures`` or what is kept change: a model of another version is not used.
    public static let currentVersion = 7

    public var version: Int
    public var trainedAt: Date
    /// Local days of history it learned from.
    public var days: Int
    /// Training rows.
    public var samples: Int
    /// Seconds the training took.
    public var seconds: Double
    /// The served model's trees, as many as did best on the held-out days (nil in a model kept before they were
    /// chosen so).
    public var trees: Int?
    public var bands: ConformalBands
    /// The bands' learned widths when it was trained (carried on from the model before it).
    public var calibration: BandCalibration
    public var model: Data
    /// The spread model's own bytes.
    public var spread: Data
    /// The quantile models' own bytes (the 10th percentile's, the 90th's).
    public var low: Data
    public var high: Data

    public init(
        trainedAt: Date, days: Int, samples: Int, seconds: Double, trees: Int? = nil, bands: ConformalBands,
        calibration: BandCalibration = BandCalibration(), model: Data, spread: Data, low: Data, high: Data
    ) {
        version = Self.currentVersion
        self.trainedAt = trainedAt
        self.days = days
        self.samples = samples
        self.seconds = seconds
        self.trees = trees
        self.bands = bands
        self.calibration = calibration
        self.model = model
        self.spread = spread
        self.low = low
        self.high = high
    }

    /// The same model without its models' bytes: what a server holds once it has loaded them (megabytes it would
    /// otherwise hold for good; they stay in the store, read again for the next training).
    public var withoutBytes: StoredForecastModel {
        var copy = self
        copy.model = Data()
        copy.spread = Data()
        copy.low = Data()
        copy.high = Data()
        return copy
    }

    /// The JSON kept in the store.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// A stored model from its JSON; ``OtherVersion`` when it was trained on other features.
    public static func decoded(_ data: Data) throws -> StoredForecastModel {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let stored: StoredForecastModel
        do {
            stored = try decoder.decode(StoredForecastModel.self, from: data)
        } catch {
            // Another version's fields may not decode: its version is then the reason.
            if let kept = try? decoder.decode(Versioned.self, from: data).version, kept != currentVersion {
                throw OtherVersion(version: kept)
            }
            throw error
        }
        guard stored.version == currentVersion else { throw OtherVersion(version: stored.version) }
        return stored
    }

    /// A kept model of a version this server does not read (trained by an older or newer server).
    public struct OtherVersion: Error, Equatable, CustomStringConvertible {
        public var version: Int
        public var description: String {
            "it is of version \(version) and this server reads version \(StoredForecastModel.currentVersion)"
        }
    }

    private struct Versioned: Decodable { var version: Int }
}
