#!/usr/bin/env python3
"""A local stand-in for a Web Push service (RFC 8030), for tests on loopback only.

It makes subscriptions the way a browser does (a P-256 key pair and a 16-byte auth secret per subscription, the
private half kept here), and for every push it receives it does what a real push service and browser do together:
checks the VAPID header (RFC 8292: ES256 JWT, aud = this origin, exp at most 24 h ahead, sub mailto:/https:),
checks the RFC 8030 headers (TTL, Content-Encoding: aes128gcm), decrypts the body with http_ece (RFC 8291) and
keeps the plaintext. Answers are scripted per subscription: 201 by default, or a list such as
[{"status": 429, "retryAfter": "1"}, {"status": 201}], {"status": 201, "delay": 0.3} to answer slowly, or
{"status": "hang"} to never answer.

  GET  /new/<id>          -> {"endpoint", "keys": {"p256dh", "auth"}}  (a new subscription)
  POST /script/<id>       <- JSON list of answers, used in order (the last one repeats)
  GET  /received          -> every push received: {"id", "at", "answeredAt", "status", "plaintext", "headers",
                             "claims", "error"}
  GET  /received/count    -> {"count": N}, cheap enough to poll during a fan-out of thousands
  POST /push/<id>         the push endpoint

Prints "listening on http://127.0.0.1:PORT" once bound. Ends when stdin closes.
"""
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

lock = threading.Lock()
subscriptions = {}  # id -> (private key, auth)
scripts = {}  # id -> list of answers
received = []


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def check_vapid(header, origin):
    scheme, _, params = (header or "").partition(" ")
    if scheme != "vapid":
        raise ValueError(f"Authorization scheme {scheme!r}")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    h, c, s = fields["t"].split(".")
    if json.loads(b64(h)) != {"typ": "JWT", "alg": "ES256"}:
        raise ValueError("JWT header")
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(fields["k"]))
    sig = b64(s)
    der = encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
    try:
        key.verify(der, f"{h}.{c}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise ValueError("VAPID signature")
    claims = json.loads(b64(c))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')!r} is not {origin!r}")
    if not (time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600 + 60):
        raise ValueError(f"exp {claims.get('exp')}")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError(f"sub {claims.get('sub')!r}")
    return claims


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def origin(self):
        return f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"

    def do_GET(self):
        if self.path.startswith("/new/"):
            sid = self.path[len("/new/"):]
            private = ec.generate_private_key(ec.SECP256R1())
            auth = __import__("os").urandom(16)
            with lock:
                subscriptions[sid] = (private, auth)
            public = private.public_key().public_bytes(serialization.Encoding.X962,
                                                       serialization.PublicFormat.UncompressedPoint)
            body = {"endpoint": f"{self.origin()}/push/{sid}", "keys": {"p256dh": b64e(public), "auth": b64e(auth)}}
            return self.answer(200, json.dumps(body).encode(), [("Content-Type", "application/json")])
        if self.path == "/received/count":
            with lock:
                body = json.dumps({"count": len(received)}).encode()
            return self.answer(200, body, [("Content-Type", "application/json")])
        if self.path == "/received":
            with lock:
                body = json.dumps(received).encode()
            return self.answer(200, body, [("Content-Type", "application/json")])
        self.answer(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path.startswith("/script/"):
            with lock:
                scripts[self.path[len("/script/"):]] = json.loads(body)
            return self.answer(204)
        if not self.path.startswith("/push/"):
            return self.answer(404)
        sid = self.path[len("/push/"):]
        with lock:
            known = subscriptions.get(sid)
            script = scripts.get(sid) or [{"status": 201}]
            step = script.pop(0) if len(script) > 1 else script[0]
        entry = {"id": sid, "at": time.time(), "headers": {k.lower(): v for k, v in self.headers.items()},
                 "plaintext": None, "claims": None, "error": None, "status": step["status"]}
        try:
            if known is None:
                raise ValueError("unknown subscription")
            entry["claims"] = check_vapid(self.headers.get("Authorization"), self.origin())
            if self.headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError("Content-Encoding")
            if not self.headers.get("TTL", "").isdigit():
                raise ValueError("TTL")
            private, auth = known
            entry["plaintext"] = http_ece.decrypt(body, private_key=private, auth_secret=auth,
                                                  version="aes128gcm").decode()
        except Exception as error:  # the sender's fault: a real push service answers 400/403
            entry["error"] = str(error)
            entry["status"] = 400
            with lock:
                received.append(entry)
            return self.answer(400, str(error).encode())
        with lock:
            received.append(entry)
        if step["status"] == "hang":
            time.sleep(3600)
            return
        time.sleep(step.get("delay", 0))
        headers = [("Retry-After", step["retryAfter"])] if "retryAfter" in step else []
        if step["status"] == 201:
            headers.append(("Location", f"{self.origin()}/message/{len(received)}"))
        self.answer(step["status"], b"", headers)
        entry["answeredAt"] = time.time()  # the answer is written: what is in flight is what lacks this


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # a sender opens hundreds of connections at once; the default backlog is 5


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # ends with the test


if __name__ == "__main__":
    main()
