#!/usr/bin/env python3
"""The reference sender of `Tools/bench/run push`: pywebpush (PyPI), as an application server in Python uses it, sends
one payload to each subscription of a JSON file, one after another over one keep-alive session, with a VAPID key.
Prints {"sent": N, "seconds": S, "failed": F}.

Usage: pywebpush-reference.py SUBSCRIPTIONS.json PAYLOAD_FILE VAPID_PRIVATE_KEY_B64URL
"""
import base64
import json
import sys
import time

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush


def main():
    subscriptions = json.load(open(sys.argv[1]))
    payload = open(sys.argv[2]).read()
    raw = base64.urlsafe_b64decode(sys.argv[3] + "=" * (-len(sys.argv[3]) % 4))
    vapid = Vapid02(private_key=ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()))
    session = requests.Session()
    failed = 0
    started = time.monotonic()
    for subscription in subscriptions:
        try:
            webpush(subscription, data=payload, vapid_private_key=vapid,
                    vapid_claims={"sub": "mailto:ops@example.org"}, ttl=900,
                    headers={"Urgency": "high", "Topic": "alert-banpo-1"}, requests_session=session, timeout=10)
        except WebPushException:
            failed += 1
    json.dump({"sent": len(subscriptions) - failed, "seconds": time.monotonic() - started, "failed": failed}, sys.stdout)


if __name__ == "__main__":
    main()
