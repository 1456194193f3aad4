import Foundation
import Models
import Storage
import Testing

@testable import AppCore

@Suite struct ParkLookupTests {
    @Test func findsByIdAndEveryName() throws {
        for query in ["yeouido", "Yeouido", "YEOUIDO HANGANG PARK", "여의도", "여의도한강공원", "yeouido-hangang park"] {
            #expect(try ParkLookup.find(query, in: .bundled).id == "yeouido")
        }
    }

    @Test func aTypoSuggestsTheClosestParks() {
        #expect(throws: ParkLookup.NotFound(query: "yeoido", suggestions: ["yeouido"])) {
            try ParkLookup.find("yeoido", in: .bundled)
        }
        do {
            _ = try ParkLookup.find("jamsl", in: .bundled)
        } catch {
            #expect(error.suggestions.first == "jamsil")
            #expect(error.description.contains("did you mean jamsil"))
        }
        #expect(throws: ParkLookup.NotFound(query: "atlantis", suggestions: [])) {
            try ParkLookup.find("atlantis", in: .bundled)
        }
    }
}

@Suite struct MapLinkTests {
    let lot = DirectionsRequest(name: "여의도3주차장", coordinate: Coordinate(lat: 37.532383, lon: 126.9236764), mode: .car)

    @Test func kakaoRouteToWithoutHomeAndByModeWithHome() {
        #expect(
            MapLinks.url(lot, map: .kakao)
                == "https://map.kakao.com/link/to/%EC%97%AC%EC%9D%98%EB%8F%843%EC%A3%BC%EC%B0%A8%EC%9E%A5,37.532383,126.923676"
        )
        var walk = lot
        walk.mode = .walk
        let url = MapLinks.url(walk, map: .kakao, from: Coordinate(lat: 37.5, lon: 127.0))
        #expect(url.hasPrefix("https://map.kakao.com/link/by/walk/%EC%B6%9C%EB%B0%9C,37.5,127.0/"))
    }

    @Test func onlyRoutesTheServiceCanGiveInKoreaAreOffered() {
        for mode in TravelMode.allCases {
            #expect(MapLinks.unroutable(.kakao, mode) == nil && MapLinks.unroutable(.naver, mode) == nil)
        }
        #expect(MapLinks.unroutable(.google, .car) == .mapGoogleTransitOnly)
        #expect(MapLinks.unroutable(.google, .walk) == .mapGoogleTransitOnly)
        #expect(MapLinks.unroutable(.google, .transit) == nil)
    }

    @Test func aliasesAndLotNamesFindAlertTargets() throws {
        #expect(try AlertTargetLookup.find("yeouido-3", in: .bundled) == .lot("yeouido-3"))
        #expect(try AlertTargetLookup.find("여의도3주차장", in: .bundled) == .lot("yeouido-3"))
        #expect(try AlertTargetLookup.find("Yeouido Lot 3", in: .bundled) == .lot("yeouido-3"))
        #expect(try AlertTargetLookup.find("반포", in: .bundled) == .park("banpo"))
        #expect(try AlertTargetLookup.find("ㅂㅍ", in: .bundled) == .park("banpo"))
        #expect(throws: ParkLookup.NotFound.self) { try AlertTargetLookup.find("nowhere", in: .bundled) }
    }

    @Test func naverPutsLongitudeFirst() {
        #expect(
            MapLinks.url(lot, map: .naver)
                == "https://map.naver.com/p/directions/-/126.923676,37.532383,%EC%97%AC%EC%9D%98%EB%8F%843%EC%A3%BC%EC%B0%A8%EC%9E%A5/-/car"
        )
    }

    @Test func googleUsesDocumentedTravelModes() {
        var transit = lot
        transit.mode = .transit
        #expect(
            MapLinks.url(transit, map: .google)
                == "https://www.google.com/maps/dir/?api=1&destination=37.532383,126.923676&travelmode=transit")
    }

    @Test func byCarTheDestinationIsTheRecommendedLotElseTheLargest() throws {
        let largest = try DirectionsRequest.resolve(
            park: "yeouido", lot: nil, mode: .car, summary: nil, catalog: .bundled)
        #expect(largest?.name == "여의도3주차장")
        let walk = try DirectionsRequest.resolve(
            park: "yeouido", lot: nil, mode: .walk, summary: nil, catalog: .bundled)
        #expect(walk?.name == "여의도한강공원")
        #expect(throws: DirectionsRequest.Failure.self) {
            try DirectionsRequest.resolve(park: "yeouido", lot: "banpo-1", mode: .car, summary: nil, catalog: .bundled)
        }
    }
}

@Suite struct DesktopIntegrationTests {
    @Test func installsTheDesktopFileAndKeepsOtherHandlers() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hj-desktop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("[Default Applications]\ntext/html=firefox.desktop\nx-scheme-handler/hangangjari=old.desktop\n".utf8)
            .write(to: config.appendingPathComponent("mimeapps.list"))
        let installed = try DesktopIntegration.install(
            executable: "/opt/hangang jari/hangangjari", environment: ["HOME": home.path])
        let desktop = try String(contentsOfFile: installed.desktopFile, encoding: .utf8)
        #expect(desktop.contains("Exec=\"/opt/hangang jari/hangangjari\" open %u"))
        #expect(desktop.contains("MimeType=x-scheme-handler/hangangjari;"))
        #expect(desktop.contains("Terminal=true"))
        let mimeapps = try String(contentsOfFile: installed.mimeapps, encoding: .utf8)
        #expect(
            mimeapps
                == "[Default Applications]\nx-scheme-handler/hangangjari=hangangjari.desktop\ntext/html=firefox.desktop\n"
        )
    }

    @Test func aMissingMimeappsGetsTheSection() {
        #expect(
            DesktopIntegration.settingDefault(in: "")
                == "[Default Applications]\nx-scheme-handler/hangangjari=hangangjari.desktop\n")
    }
}
