import Testing

@testable import ServerForecasting

struct FeatureMatrixTests {
    static func matrix(labels: [Float]) -> FeatureMatrix {
        var matrix = FeatureMatrix(columns: 1)
        for label in labels { matrix.append([0], label: label, weight: 1) }
        return matrix
    }

    @Test func theMedianLabelSizeIsTheMiddleAbsoluteLabel() {
        #expect(Self.matrix(labels: [0.3, -0.1, 0.02]).medianLabelSize == 0.1)
        #expect(Self.matrix(labels: [-0.4, 0.1, 0.2, -0.02]).medianLabelSize == (Float(0.1) + 0.2) / 2)
        #expect(Self.matrix(labels: []).medianLabelSize == 0)
    }
}
