"""Fixtures for the browser tests: the real `hangangjari-server` binary (pinned Seoul clock), a local stand-in for
Seoul's citydata API serving recorded-shape bodies, and Debian's headless Chromium through chromedriver at a phone
viewport (390x844). Screenshots go to $BROWSER_ARTIFACTS (default .build/browser-artifacts)."""
import collections
import json
import os
import pathlib
import subprocess
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium import webdriver

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = pathlib.Path(os.environ.get("HANGANGJARI_SERVER", ROOT / ".build/debug/hangangjari-server"))
APP = pathlib.Path(os.environ.get("HANGANGJARI_APP", ROOT / ".build/debug/hangangjari"))
ARTIFACTS = pathlib.Path(os.environ.get("BROWSER_ARTIFACTS", ROOT / ".build/browser-artifacts"))
DAYTIME = "2026-11-23T14:00:00+09:00"
NIGHT = "2026-11-23T02:00:00+09:00"
XSS_TITLE = "<img src=x onerror=alert(1)>"


def pinned(instant):
    """HANGANGJARI_CLOCK: `instant` now, moving with real time."""
    return f"{instant};since={int(time.time())}"


class SeoulStandIn:
    """Serves /{KEY}/json/citydata/{START}/{END}/{AREA}: Yeouido (POI105) from the recorded fixture with its first
    event retitled to markup and moved to this week; every other area answers as Seoul does when its own database fails
    (HTTP 200 with ERROR-600, the recorded body), so their sources are unavailable at the source."""

    def __init__(self):
        body = json.loads((ROOT / "Tests/Fixtures/seoul/citydata-yeouido-poi105.json").read_text(encoding="utf-8"))
        event = body["CITYDATA"]["EVENT_STTS"][0]
        event["EVENT_NM"] = XSS_TITLE
        event["EVENT_PERIOD"] = "2026-11-20~2026-11-30"
        self.bodies = {"POI105": json.dumps(body, ensure_ascii=False).encode()}
        self.calls = collections.Counter()
        failing = (ROOT / "Tests/Fixtures/seoul/citydata-error-600.json").read_bytes()
        bodies, calls = self.bodies, self.calls

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                area = self.path.rstrip("/").split("/")[-1]
                payload = bodies.get(area, failing)
                calls[area] += 1
                self.send_response(200)
                self.send_header("Content-Type", "application/json;charset=UTF-8")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


class Server:
    """`hangangjari-server serve` on a free loopback port."""

    def __init__(self, clock=DAYTIME, **environment):
        env = {k: v for k, v in os.environ.items() if k not in ("HOST", "PORT", "ADMIN_TOKEN", "PUBLIC_URL", "WEB")}
        env.update(BACKFILL_DAYS="14", HISTORY_PATH="memory", ACCESS_LOG="off", COLLECTION_INTERVAL="3600",
                   HANGANGJARI_CLOCK=pinned(clock))
        env.setdefault("PORT", "0")
        env.update(environment)
        self.log = open(ARTIFACTS / f"server-{os.getpid()}-{time.time_ns()}.log", "w")
        self.process = subprocess.Popen([str(SERVER), "serve"], env=env, stdout=subprocess.PIPE, stderr=self.log)
        line = self.process.stdout.readline().decode()
        assert line.startswith("listening on "), f"server did not start: {line!r}"
        self.url = line.removeprefix("listening on ").strip()
        self.wait_until_ready()

    def wait_until_ready(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/v2/health/ready", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("server not ready within 60 s")

    def json(self, path):
        with urllib.request.urlopen(self.url + path, timeout=10) as answer:
            return json.loads(answer.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.log.close()


@pytest.fixture(scope="session", autouse=True)
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def day_server():
    server = Server()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def night_server():
    server = wait_for_opening(Server(clock=NIGHT))
    yield server
    server.stop()


def wait_for_opening(server):
    """A night server once it forecasts the opening: ready means collected once; the opening forecast follows once the
    backfilled history is in."""
    deadline = time.time() + 60
    while "opening" not in server.json("/v2/parks/banpo/home-summary")["forecast"]["park"]:
        assert time.time() < deadline, "no opening forecast within 60 s"
        time.sleep(0.5)
    return server


@pytest.fixture(scope="session")
def seoul_server():
    stand_in = SeoulStandIn()
    server = Server(SOURCE="seoul", SEOUL_OPEN_DATA_KEY="browser-test-key", SEOUL_OPEN_DATA_URL=stand_in.url)
    yield server
    server.stop()
    stand_in.stop()


def phone(language="ko", javascript=True, flags=()):
    """Headless Chromium at a phone's viewport, asking for `language` (with scripts off when not `javascript`)."""
    options = webdriver.ChromeOptions()
    for flag in flags:
        options.add_argument(flag)
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument(f"--lang={language}")
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}}
    )
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


@pytest.fixture(scope="session")
def browser():
    driver = phone()
    yield driver
    driver.quit()
