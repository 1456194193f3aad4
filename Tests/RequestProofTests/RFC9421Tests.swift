import Foundation
import RequestProof
import Testing

/// RFC 9421 Appendix B.2.5, "Signing a Request Using hmac-sha256", with the RFC's shared secret.
@Suite struct RFC9421Tests {
    static let rfcSecret = "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ=="
    static let parameters = SignatureParameters(
        components: ["date", "@authority", "content-type"], created: 1_618_884_473, keyId: "test-shared-secret")

    @Test func signatureBaseMatchesTheRFC() throws {
        let base = try SignatureBase.build(
            values: ["Tue, 20 Apr 2021 02:07:55 GMT", "example.com", "application/json"], parameters: Self.parameters)
        #expect(
            base == """
                "date": Tue, 20 Apr 2021 02:07:55 GMT
                "@authority": example.com
                "content-type": application/json
                "@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"
                """)
    }

    @Test func hmacSignatureMatchesTheRFC() throws {
        let base = try SignatureBase.build(
            values: ["Tue, 20 Apr 2021 02:07:55 GMT", "example.com", "application/json"], parameters: Self.parameters)
        let signer = try HMACSigner(base64Secret: Self.rfcSecret)
        #expect(signer.signature(for: base).base64EncodedString() == "pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=")
        #expect(signer.isValid(Data(base64Encoded: "pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=")!, for: base))
        #expect(!signer.isValid(Data(repeating: 0, count: 32), for: base))
    }

    @Test func rfcSignatureInputParses() throws {
        let parsed = try RequestProof.parseInput(
            #"sig-b25=("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#)
        #expect(parsed.components == Self.parameters.components && parsed.created == Self.parameters.created)
        #expect(parsed.keyId == Self.parameters.keyId && parsed.nonce == nil && parsed.algorithm == nil)
        #expect(
            parsed.signatureParams
                == #"("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret""#)
    }

    /// RFC 9421 §2.3: the `@signature-params` line is the member as the signer serialized it, its parameter order
    /// and parameters this side does not know (`tag`) included, whatever spaces the header had.
    @Test func theSignatureParamsAreSignedAsReceived() throws {
        let parsed = try RequestProof.parseInput(
            #"hj=("@target-uri"   "@method");alg="hmac-sha256";tag="app";created=1795323900;keyid="k1";nonce="n""#)
        #expect(parsed.components == ["@target-uri", "@method"] && parsed.algorithm == "hmac-sha256")
        #expect(
            parsed.signatureParams
                == #"("@target-uri" "@method");alg="hmac-sha256";tag="app";created=1795323900;keyid="k1";nonce="n""#)
        let base = try SignatureBase.build(values: ["http://h/v2", "GET"], parameters: parsed)
        #expect(
            base.hasSuffix(
                #""@signature-params": ("@target-uri" "@method");alg="hmac-sha256";tag="app";"#
                    + #"created=1795323900;keyid="k1";nonce="n""#))
        let expiring = try RequestProof.parseInput(#"hj=("@method" "@target-uri");created=1;keyid="k";expires=61"#)
        #expect(expiring.expires == 61 && expiring.received == nil, "expires is part of this side's serialization")
        // Found by the fuzzer: a bare parameter (`al`, a boolean) is kept as received and round-trips.
        let bare = try RequestProof.parseInput(#"hj=("@method" ";algi");created=17;keyid="k1";alg="hmac-s";al"#)
        #expect(bare.signatureParams == #"("@method" ";algi");created=17;keyid="k1";alg="hmac-s";al"#)
        #expect(try RequestProof.parseInput("hj=" + bare.signatureParams) == bare)
        #expect(throws: ProofError.componentMismatch) {
            try RequestProof.parse(
                signatureInput: #"hj=("@method" "@method");created=1;keyid="k""#, signature: "hj=:AA==:",
                hasBody: false)
        }
    }
}

@Suite struct RequestProofProfileTests {
    let signer = HMACSigner(secret: Data("0123456789abcdef0123456789abcdef".utf8))
    let uri = "http://127.0.0.1:8080/v2/parks/yeouido/home-summary"

    @Test func signedReadVerifies() throws {
        let headers = try RequestProof.sign(
            method: "GET", targetURI: uri, body: nil, keyId: "k1", signer: signer, created: 1_795_323_900, nonce: "n1")
        #expect(headers.contentDigest == nil)
        #expect(
            headers.signatureInput
                == #"hj=("@method" "@target-uri");created=1795323900;keyid="k1";nonce="n1";alg="hmac-sha256""#)
        let parsed = try RequestProof.parse(
            signatureInput: headers.signatureInput, signature: headers.signature, hasBody: false)
        #expect(parsed.parameters.nonce == "n1")
        try RequestProof.verify(
            parsed, method: "GET", targetURI: uri, body: nil, contentDigestHeader: nil, signer: signer)
    }

    @Test func anotherTargetOrMethodFails() throws {
        let headers = try RequestProof.sign(
            method: "GET", targetURI: uri, body: nil, keyId: "k1", signer: signer, created: 1, nonce: "n")
        let parsed = try RequestProof.parse(
            signatureInput: headers.signatureInput, signature: headers.signature, hasBody: false)
        #expect(throws: ProofError.signatureMismatch) {
            try RequestProof.verify(
                parsed, method: "GET", targetURI: uri + "?x=1", body: nil, contentDigestHeader: nil, signer: signer)
        }
        #expect(throws: ProofError.signatureMismatch) {
            try RequestProof.verify(
                parsed, method: "DELETE", targetURI: uri, body: nil, contentDigestHeader: nil, signer: signer)
        }
        let other = HMACSigner(secret: Data("another key, another signature!".utf8))
        #expect(throws: ProofError.signatureMismatch) {
            try RequestProof.verify(
                parsed, method: "GET", targetURI: uri, body: nil, contentDigestHeader: nil, signer: other)
        }
    }

    @Test func bodyIsCoveredByContentDigest() throws {
        let body = Data(#"{"events":[]}"#.utf8)
        let headers = try RequestProof.sign(
            method: "POST", targetURI: uri, body: body, keyId: "k1", signer: signer, created: 1, nonce: "n")
        let digest = try #require(headers.contentDigest)
        #expect(digest == ContentDigest.sha256(of: body))
        let parsed = try RequestProof.parse(
            signatureInput: headers.signatureInput, signature: headers.signature, hasBody: true)
        try RequestProof.verify(
            parsed, method: "POST", targetURI: uri, body: body, contentDigestHeader: digest, signer: signer)
        #expect(throws: ProofError.digestMismatch) {
            try RequestProof.verify(
                parsed, method: "POST", targetURI: uri, body: Data("{}".utf8), contentDigestHeader: digest,
                signer: signer)
        }
        // A body signed without content-digest is refused by the profile.
        #expect(throws: ProofError.componentMismatch) {
            try RequestProof.parse(
                signatureInput: #"hj=("@method" "@target-uri");created=1;keyid="k1""#, signature: headers.signature,
                hasBody: true)
        }
    }

    @Test func contentDigestMatchesRFC9530Example() {
        // RFC 9530 section 2: {"hello": "world"} with sha-256.
        #expect(
            ContentDigest.sha256(of: Data(#"{"hello": "world"}"#.utf8))
                == "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:")
    }

    @Test(arguments: [
        ("", "hj=:AAAA:"), ("hj=(", "hj=:AAAA:"), (#"hj=("@method");keyid="k""#, "hj=:AAAA:"),
        (#"hj=("@method" "@target-uri");created="x";keyid="k""#, "hj=:AAAA:"),
        (#"hj=("@method" "@target-uri");created=1;keyid="k""#, "hj=AAAA"),
        (#"hj=("@method" "@target-uri");created=1;keyid="k";alg="rsa-pss-sha512""#, "hj=:AAAA:"),
    ])
    func malformedHeadersAreRefused(_ input: String, _ signature: String) {
        #expect(throws: ProofError.self) {
            try RequestProof.parse(signatureInput: input, signature: signature, hasBody: false)
        }
    }

    @Test func missingHeadersAreNamed() {
        #expect(throws: ProofError.missingHeader("Signature-Input")) {
            try RequestProof.parse(signatureInput: nil, signature: "x", hasBody: false)
        }
        #expect(throws: ProofError.missingHeader("Signature")) {
            try RequestProof.parse(signatureInput: "x", signature: nil, hasBody: false)
        }
    }

    @Test func quotesAndBackslashesAreEscapedAndParseBack() throws {
        let parameters = SignatureParameters(
            components: ["@method"], created: 1, keyId: #"k"1\2"#, nonce: #"n\"#, algorithm: nil)
        #expect(parameters.serialized == #"("@method");created=1;keyid="k\"1\\2";nonce="n\\""#)
        #expect(try RequestProof.parseInput("hj=" + parameters.serialized) == parameters)
    }

    @Test func aComponentValueWithALineBreakCannotBeSigned() {
        let parameters = SignatureParameters(components: ["@method", "@target-uri"], created: 1, keyId: "k")
        for broken in ["http://h/\nx", "http://h/\rx"] {
            #expect(throws: ProofError.invalidComponentValue("@target-uri")) {
                try SignatureBase.build(values: ["GET", broken], parameters: parameters)
            }
        }
    }

    @Test func constantTimeEqualComparesWholeValues() {
        #expect(constantTimeEqual("abc".utf8, Data("abc".utf8)))
        #expect(!constantTimeEqual("abc".utf8, "abd".utf8))
        #expect(!constantTimeEqual("abc".utf8, "ab".utf8))
        #expect(constantTimeEqual([UInt8](), Data()))
    }
}
