#!/usr/bin/env python3
"""Checks a Web Push message the way a browser and a push service would, with independent implementations:
http_ece (RFC 8188/8291) decrypts the body with the subscription's private key and auth secret, and
cryptography verifies the VAPID JWT (RFC 8292) against the k= key of the Authorization header.

Input (stdin, JSON): {"body": b64url, "uaPrivate": b64url (32-byte scalar), "auth": b64url,
"authorization": "vapid t=..., k=...", "endpoint": url}
Output (stdout, JSON): {"plaintext": str, "claims": {...}, "audienceMatches": bool} or exit 1 with the reason.
"""
import base64
import json
import sys

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from urllib.parse import urlsplit


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main():
    given = json.load(sys.stdin)
    private = ec.derive_private_key(int.from_bytes(b64(given["uaPrivate"]), "big"), ec.SECP256R1())
    plaintext = http_ece.decrypt(b64(given["body"]), private_key=private, auth_secret=b64(given["auth"]),
                                 version="aes128gcm")
    # py_vapid splits the header on its last space; parse "vapid t=..., k=..." here.
    scheme, _, params = given["authorization"].partition(" ")
    if scheme != "vapid":
        sys.exit(f"authorization scheme is {scheme!r}, not vapid")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    token, key = fields["t"], fields["k"]
    header_b64, claims_b64, signature_b64 = token.split(".")
    header = json.loads(b64(header_b64))
    if header != {"typ": "JWT", "alg": "ES256"}:
        sys.exit(f"JWT header {header!r}")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(key))
    signature = b64(signature_b64)
    if len(signature) != 64:
        sys.exit(f"ES256 signature of {len(signature)} bytes (raw r||s is 64)")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        sys.exit("VAPID signature does not verify")
    claims = json.loads(b64(claims_b64))
    parts = urlsplit(given["endpoint"])
    audience = f"{parts.scheme}://{parts.netloc}"
    if parts.port in ((443,) if parts.scheme == "https" else (80,)):
        audience = f"{parts.scheme}://{parts.hostname}"
    json.dump({"plaintext": plaintext.decode(), "claims": claims, "audienceMatches": claims.get("aud") == audience},
              sys.stdout)


if __name__ == "__main__":
    main()
