// libFuzzer target: the Seoul citydata parser (any bytes from the real API must parse or be refused, never crash).
import Foundation
import Models

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCitydata(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = CitydataParser.parse(Data(bytes: bytes, count: count), expected: CitydataArea(code: "POI105", name: "여의도한강공원"))
    return 0
}
