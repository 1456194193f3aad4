import CXGBoost
import Foundation
import ServerForecasting
import Synchronization

/// A gradient-boosted tree ensemble from Debian's XGBoost library (`libxgboost`), trained and queried through its C
/// API, as libcurl is used for HTTP.
final class Booster: Sendable {
    /// A call into the library that failed, with the library's own message.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var message: String
        var description: String { "XGBoost \(call) failed: \(message)" }
    }

    // The handle is used under the lock only: prediction on one booster from several threads at once is not
    // promised by this version of the library.
    private nonisolated(unsafe) let rawHandle: BoosterHandle?
    private let lock = Mutex(())

    private init(_ handle: BoosterHandle?) {
        rawHandle = handle
    }

    deinit {
        if let rawHandle { XGBoosterFree(rawHandle) }
    }

    /// Runs `body` with the handle, one caller at a time.
    private func withHandle<T>(_ body: (BoosterHandle?) throws -> T) throws -> T {
        try lock.withLock { _ in try body(rawHandle) }
    }

    /// Trains `rounds` trees on `matrix` with XGBoost's `parameters` (names and values as in its documentation).
    static func train(_ matrix: FeatureMatrix, parameters: [(String, String)], rounds: Int) throws -> Booster {
        try matrix.withDMatrix { dmatrix in
            let booster = try create(dmatrix, parameters: parameters)
            try booster.withHandle { handle in
                for round in 0..<rounds {
                    try check("XGBoosterUpdateOneIter") { XGBoosterUpdateOneIter(handle, Int32(round), dmatrix) }
                }
            }
            return booster
        }
    }

    /// Trains on `matrix` as many trees as give the least error on `heldOut` (its labels and weights, by the
    /// parameters' `eval_metric`): the error is read every `every` trees, training stops `patience` trees after the
    /// best or at `most`, and the booster returned keeps the trees up to the best.
    static func train(
        _ matrix: FeatureMatrix, heldOut: FeatureMatrix, parameters: [(String, String)], most: Int, every: Int,
        patience: Int
    ) throws -> (booster: Booster, rounds: Int) {
        // Nothing to choose on (no held-out rows): every tree is kept.
        guard heldOut.rows > 0 else { return (try train(matrix, parameters: parameters, rounds: most), most) }
        return try matrix.withDMatrix { dmatrix in
            try heldOut.withDMatrix { held in
                let booster = try create(dmatrix, parameters: parameters)
                let best = try booster.withHandle { handle in
                    var best = (rounds: 0, error: Double.infinity)
                    for round in 0..<most {
                        try check("XGBoosterUpdateOneIter") { XGBoosterUpdateOneIter(handle, Int32(round), dmatrix) }
                        guard (round + 1) % every == 0 else { continue }
                        let error = try evaluate(handle, round: round, on: held)
                        if error.isFinite, error < best.error { best = (round + 1, error) }
                        if round + 1 - best.rounds >= patience { break }
                    }
                    return best.rounds
                }
                guard best > 0 else {
                    throw Failure(call: "XGBoosterEvalOneIter", message: "no finite error on the held-out rows")
                }
                return (try booster.slice(0..<best), best)
            }
        }
    }

    /// A booster with `parameters` that trains on `dmatrix`.
    static func create(_ dmatrix: DMatrixHandle?, parameters: [(String, String)]) throws -> Booster {
        var dmatrices: [DMatrixHandle?] = [dmatrix]
        var created: BoosterHandle?
        try check("XGBoosterCreate") { XGBoosterCreate(&dmatrices, 1, &created) }
        let booster = Booster(created)
        try booster.withHandle { handle in
            for (name, value) in parameters {
                try check("XGBoosterSetParam(\(name))") { XGBoosterSetParam(handle, name, value) }
            }
        }
        return booster
    }

    /// The evaluation metric on `dmatrix` after `round`: XGBoost answers "[round]\theld-mae:0.0123".
    private static func evaluate(_ handle: BoosterHandle?, round: Int, on dmatrix: DMatrixHandle?) throws -> Double {
        var dmatrices: [DMatrixHandle?] = [dmatrix]
        var answer: UnsafePointer<CChar>?
        try "held".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            try check("XGBoosterEvalOneIter") {
                XGBoosterEvalOneIter(handle, Int32(round), &dmatrices, &names, 1, &answer)
            }
        }
        let text = answer.map { String(cString: $0) } ?? ""
        guard let value = text.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
        else { throw Failure(call: "XGBoosterEvalOneIter", message: "unreadable answer \"\(text)\"") }
        return value
    }

    /// Grows one tree on `dmatrix` from the given gradients and Hessians (one of each per row), as a custom
    /// objective does.
    func boost(_ dmatrix: DMatrixHandle?, gradients: [Float], hessians: [Float]) throws {
        var gradients = gradients
        var hessians = hessians
        try withHandle { handle in
            try Self.check("XGBoosterBoostOneIter") {
                XGBoosterBoostOneIter(handle, dmatrix, &gradients, &hessians, bst_ulong(gradients.count))
            }
        }
    }

    /// The leaf (its node's index in the tree) each row of `dmatrix` falls in, in tree `tree`.
    func leaves(ofTree tree: Int, on dmatrix: DMatrixHandle?) throws -> [Int] {
        // The library answers leaves only for the trees from the first on: the one tree is sliced off first.
        try slice(tree..<tree + 1).withHandle { handle in
            var length: bst_ulong = 0
            var result: UnsafePointer<Float>?
            try Self.check("XGBoosterPredict(leaf)") { XGBoosterPredict(handle, dmatrix, 2, 0, 0, &length, &result) }
            guard let result else { return [] }
            return UnsafeBufferPointer(start: result, count: Int(length)).map { Int($0) }
        }
    }

    /// The given trees as a booster of their own.
    private func slice(_ trees: Range<Int>) throws -> Booster {
        try withHandle { handle in
            var sliced: BoosterHandle?
            try Self.check("XGBoosterSlice") {
                XGBoosterSlice(handle, Int32(trees.lowerBound), Int32(trees.upperBound), 1, &sliced)
            }
            return Booster(sliced)
        }
    }

    /// A booster from bytes written by ``serialized()``.
    static func load(_ bytes: Data) throws -> Booster {
        var created: BoosterHandle?
        try check("XGBoosterCreate") { XGBoosterCreate(nil, 0, &created) }
        let booster = Booster(created)
        try booster.withHandle { handle in
            try bytes.withUnsafeBytes { raw in
                try check("XGBoosterLoadModelFromBuffer") {
                    XGBoosterLoadModelFromBuffer(handle, raw.baseAddress, bst_ulong(raw.count))
                }
            }
            try check("XGBoosterSetParam(nthread)") { XGBoosterSetParam(handle, "nthread", "1") }
        }
        return booster
    }

    /// The model in XGBoost's binary JSON (UBJSON) format, or in its JSON (`"json"`), whose trees' leaf values
    /// can be read and set; ``load(_:)`` reads either.
    func serialized(format: String = "ubj") throws -> Data {
        try withHandle { handle in
            var length: bst_ulong = 0
            var bytes: UnsafePointer<CChar>?
            try Self.check("XGBoosterSaveModelToBuffer") {
                XGBoosterSaveModelToBuffer(handle, #"{"format": "\#(format)"}"#, &length, &bytes)
            }
            guard let bytes else { throw Failure(call: "XGBoosterSaveModelToBuffer", message: "no bytes") }
            return Data(bytes: bytes, count: Int(length))
        }
    }

    /// One prediction per row of `matrix`.
    func predict(_ matrix: FeatureMatrix) throws -> [Float] {
        try matrix.withDMatrix { dmatrix in
            try withHandle { handle in
                var length: bst_ulong = 0
                var result: UnsafePointer<Float>?
                try Self.check("XGBoosterPredict") { XGBoosterPredict(handle, dmatrix, 0, 0, 0, &length, &result) }
                guard let result else { return [] }
                return Array(UnsafeBufferPointer(start: result, count: Int(length)))
            }
        }
    }

    static func check(_ call: String, _ body: () -> Int32) throws {
        guard body() == 0 else { throw Failure(call: call, message: String(cString: XGBGetLastError())) }
    }
}

extension FeatureMatrix {
    /// The rows as an XGBoost matrix (missing values are NaN), with labels and weights when there are any.
    func withDMatrix<T>(_ body: (DMatrixHandle?) throws -> T) throws -> T {
        var dmatrix: DMatrixHandle?
        try values.withUnsafeBufferPointer { buffer in
            try Booster.check("XGDMatrixCreateFromMat") {
                XGDMatrixCreateFromMat(buffer.baseAddress, bst_ulong(rows), bst_ulong(columns), .nan, &dmatrix)
            }
        }
        defer { XGDMatrixFree(dmatrix) }
        if !labels.isEmpty {
            try Booster.check("XGDMatrixSetFloatInfo(label)") {
                XGDMatrixSetFloatInfo(dmatrix, "label", labels, bst_ulong(labels.count))
            }
        }
        if !weights.isEmpty {
            try Booster.check("XGDMatrixSetFloatInfo(weight)") {
                XGDMatrixSetFloatInfo(dmatrix, "weight", weights, bst_ulong(weights.count))
            }
        }
        return try body(dmatrix)
    }
}
