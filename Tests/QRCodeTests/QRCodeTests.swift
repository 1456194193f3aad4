import Foundation
import QRCode
import TestFixtures
import Testing

/// libqrencode's codes, read back by a real decoder, in the module form and in the terminal's half-block form.
@Suite(.enabled(if: QRScanner.available, "zbarimg is not installed (Tools/setup installs zbar-tools)"))
struct QRCodeTests {
    let link =
        "https://map.kakao.com/link/to/%EC%97%AC%EC%9D%98%EB%8F%843%EC%A3%BC%EC%B0%A8%EC%9E%A5,37.532383,126.923676"

    @Test func aDecoderReadsTheLinkBack() throws {
        let code = try QRCode(link)
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0)
        #expect(try QRScanner.decode(code.rows) == link)
    }

    @Test func theHalfBlockFormHoldsTheSameModules() throws {
        let code = try QRCode(link)
        let rows = code.halfBlockRows
        #expect(rows.count == (code.rows.count + 1) / 2)
        let back = QRCode.modules(fromHalfBlockRows: rows)
        #expect(Array(back.prefix(code.rows.count)) == code.rows)
        #expect(try QRScanner.decode(back) == link)
    }

    @Test func tooMuchTextIsAFailureNotACrash() {
        #expect(throws: QRCode.Failure.tooLong(bytes: 5000)) {
            try QRCode(String(repeating: "가", count: 5000 / 3) + "xx")
        }
    }
}
