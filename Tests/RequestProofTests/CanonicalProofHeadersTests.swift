import Foundation
import Testing

@testable import RequestProof

/// The fast path must give what the structured-field parser gives, and leave every other form to it.
@Suite struct CanonicalProofHeadersTests {
    let signer = HMACSigner(secret: Data(repeating: 7, count: 32))

    @Test(arguments: [
        ("k-0123456789abcdef", "0000000000000001", nil as Data?),
        ("k-ffff", String(repeating: "n", count: 128), Data(#"{"a":1}"#.utf8)),
        ("key with spaces; and =", "nonce;with(odd)chars", Data()),
    ])
    func whatTheClientSignsTakesTheFastPathWithTheParsersResult(keyId: String, nonce: String, body: Data?) throws {
        let headers = try RequestProof.sign(
            method: "GET", targetURI: "http://127.0.0.1:8080/v2/parks?x=1", body: body, keyId: keyId,
            signer: signer, created: 1_764_000_000, nonce: nonce)
        let fast = try #require(CanonicalProofHeaders.signatureInput(headers.signatureInput))
        #expect(fast == (try RequestProof.parseInputFields(headers.signatureInput)))
        let bytes = try #require(CanonicalProofHeaders.signature(headers.signature))
        #expect(bytes == RequestProof.parseSignature(headers.signature))
    }

    @Test(arguments: [
        #"hj=("@method" "@target-uri");keyid="k";created=1"#,
        #"hj=("@method"  "@target-uri");created=1;keyid="k""#,
        #"hj=("@method" "@target-uri");created=01;keyid="k""#,
        #"hj=("@method" "@target-uri");created=1;keyid="k";expires=5"#,
        #"hj=("@method" "@target-uri");created=1;keyid="a\"b\\c""#,
        #"sig1=("@method" "@target-uri");created=1;keyid="k""#,
        #"hj=("@method" "@target-uri");created=1;keyid="k", other=("@method");created=2;keyid="o""#,
        #"  hj=("@method" "@target-uri");created=1;keyid="k""#,
    ])
    func otherValidFormsGoToTheParser(_ header: String) throws {
        #expect(CanonicalProofHeaders.signatureInput(header) == nil)
        #expect(try RequestProof.parseInput(header) == (try RequestProof.parseInputFields(header)))
    }

    @Test(arguments: [
        #"hj=("@method");created=-1;keyid="k""#, #"hj=("@method");created=1;keyid=k"#,
        #"hj=("@method");created=1;keyid="k"#, #"hj=("@method";created=1;keyid="k""#,
        #"hj=("@method");created=1234567890123456;keyid="k""#, #"hj=("@method");created="1";keyid="k""#,
        "hj=(\"@method\");created=1;keyid=\"k\u{7F}\"",
    ])
    func malformedOrUnusualInputsAreNotTakenByTheFastPath(_ header: String) {
        #expect(CanonicalProofHeaders.signatureInput(header) == nil)
    }

    @Test func signatureFormsOtherThanTheClientsGoToTheParser() throws {
        #expect(CanonicalProofHeaders.signature("hj=:AAAA:") == Data([0, 0, 0]))
        for header in ["hj=:AAAA:, other=:BBBB:", "other=:BBBB:, hj=:AAAA:", " hj=:AAAA:"] {
            #expect(CanonicalProofHeaders.signature(header) == nil)
            #expect(RequestProof.parseSignature(header) == Data([0, 0, 0]))
        }
        for header in ["hj=AAAA", "hj=:", "hj=::", "hj=:A A:", "hj=:AAA:"] {
            #expect(CanonicalProofHeaders.signature(header) == nil)
        }
    }
}
