#!/usr/bin/env python3
"""Signs a request as an outside client would, with an independent RFC 9421 implementation (PyPI
http-message-signatures): its signature base builder and its hmac-sha256, in the parameter order asked for.

Input (stdin, JSON): {"method": str, "url": str, "body": str or null (UTF-8), "keyId": str, "secret": base64,
"created": int, "nonce": str, "parameters": ["created", "keyid", "alg", "nonce", "tag", "expires"] (in this order;
any subset), "tag": str (optional), "expires": int (optional), "label": str (optional, "hj"), "components": the
covered components in the order to sign them (optional: "@method", "@target-uri", then "content-digest" with a body)}
Output (stdout, JSON): {"signatureInput": str, "signature": str, "contentDigest": str or null, "base": str}.
"""
import base64
import collections
import hashlib
import json
import sys

from http_message_signatures import HTTPMessageSigner, algorithms
from http_message_signatures.structures import CaseInsensitiveDict


class Request:
    """The message interface the library's component resolver reads."""

    def __init__(self, method, url, headers):
        self.method, self.url, self.headers = method, url, CaseInsensitiveDict(headers)


def main():
    given = json.load(sys.stdin)
    body = given.get("body")
    headers = {}
    components = ["@method", "@target-uri"]
    if body is not None:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        headers["Content-Digest"] = f"sha-256=:{digest}:"
        components.append("content-digest")
    components = given.get("components", components)
    request = Request(given["method"], given["url"], headers)
    values = {"created": given["created"], "keyid": given["keyId"], "alg": "hmac-sha256",
              "nonce": given["nonce"], "tag": given.get("tag"), "expires": given.get("expires")}
    params = collections.OrderedDict((name, values[name]) for name in given["parameters"])
    signer = HTTPMessageSigner(signature_algorithm=algorithms.HMAC_SHA256)
    nodes = signer._parse_covered_component_ids(components)
    base, params_node, _ = signer._build_signature_base(
        request, covered_component_ids=nodes, signature_params=params)
    key = base64.b64decode(given["secret"])
    signature = algorithms.HMAC_SHA256(private_key=key).sign(base.encode())
    label = given.get("label", "hj")
    json.dump({
        "signatureInput": f"{label}={params_node}",
        "signature": f"{label}=:{base64.b64encode(signature).decode()}:",
        "contentDigest": headers.get("Content-Digest"),
        "base": base,
    }, sys.stdout)


if __name__ == "__main__":
    main()
