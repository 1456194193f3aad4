import Foundation
import Models
import Testing

@Suite struct OpenEnumTests {
    @Test func knownValueDecodesToKnownCase() throws {
        let label = try ContractCoding.decode([OpenEnum<LotStatusLabel>].self, from: Data(#"["full"]"#.utf8))
        #expect(label == [.known(.full)])
        #expect(label[0].known == .full)
    }

    @Test func unknownValueKeepsItsRawString() throws {
        let label = try ContractCoding.decode([OpenEnum<LotStatusLabel>].self, from: Data(#"["reserved_only"]"#.utf8))
        #expect(label == [.unknown("reserved_only")])
        #expect(label[0].known == nil)
        #expect(label[0].rawValue == "reserved_only")
    }

    @Test func unknownValueEncodesBackUnchanged() throws {
        let data = try ContractCoding.encode([
            OpenEnum<CrowdLevel>.unknown("extremely_crowded"), .known(.slightlyCrowded),
        ])
        #expect(String(decoding: data, as: UTF8.self) == #"["extremely_crowded","slightly_crowded"]"#)
    }

    @Test func crowdLevelReadsSeoulLabelsWithAnySpacing() {
        #expect(CrowdLevel(seoulLabel: "약간 붐빔") == .slightlyCrowded)
        #expect(CrowdLevel(seoulLabel: "약간붐빔") == .slightlyCrowded)
        #expect(CrowdLevel(seoulLabel: " 여유 ") == .relaxed)
        #expect(CrowdLevel(seoulLabel: "매우 붐빔") == nil)
        #expect(CrowdLevel.relaxed < CrowdLevel.crowded)
    }
}
