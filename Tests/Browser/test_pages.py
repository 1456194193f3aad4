"""The web front in a real browser: Debian's headless Chromium at a phone viewport drives the real server."""
import importlib.util
import os
import pathlib
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, APP, DAYTIME, XSS_TITLE, Server, phone, pinned
from words import grouped, word

LANGUAGES = ["ko", "en"]
SOURCE_STATES = {"fresh": "state.fresh", "stale": "state.stale", "unavailable": "state.unavailable", "no_item": "state.no_item"}


def name(thing, language):
    return thing["nameKo"] if language == "ko" else thing["nameEn"]


def open_page(browser, server, path, language, shot=None):
    browser.get(f"{server.url}{path}{'&' if '?' in path else '?'}lang={language}")
    if shot:
        browser.save_screenshot(str(ARTIFACTS / f"{shot}-{language}.png"))
    return browser.find_element(By.TAG_NAME, "main").text


def badge(browser):
    return browser.find_element(By.ID, "freshness").text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("park", ["banpo", "yeouido"])
def test_home_shows_the_summary_of_v2(day_server, browser, park, language):
    summary = day_server.json(f"/v2/parks/{park}/home-summary")
    main = open_page(browser, day_server, f"/p/{park}", language, shot=f"home-{park}")
    assert browser.find_element(By.TAG_NAME, "h1").text == name(summary["park"], language)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    parking = summary["parking"]
    totals = word("parking.totals", language, grouped(parking["totalAvailable"]), grouped(parking["totalCapacity"]))
    assert totals in main
    recommended = next(lot for lot in parking["lots"] if lot["lot"]["id"] == parking["recommended"]["lotId"])
    assert name(recommended["lot"], language) in main
    assert word("spaces.free", language, grouped(recommended["status"]["available"])) in main
    assert badge(browser).startswith(word("state.fresh", language))
    for status in summary["freshness"]["sources"]:
        assert word(SOURCE_STATES[status["state"]], language) in main


@pytest.mark.parametrize("language", LANGUAGES)
def test_parking_lists_every_lot_of_v2(day_server, browser, language):
    summary = day_server.json("/v2/parks/yeouido/home-summary")
    open_page(browser, day_server, "/p/yeouido/parking", language, shot="parking-yeouido")
    for entry in summary["parking"]["lots"]:
        item = browser.find_element(By.ID, f"lot-{entry['lot']['id']}").text
        status = entry["status"]
        assert name(entry["lot"], language) in item
        free = grouped(status["available"]) if "available" in status else "—"
        assert f"{free}/{grouped(status['capacity'])}" in item
        assert word("lot.label." + status["label"], language) in item
    phones = browser.find_elements(By.CSS_SELECTOR, "a[href^='tel:']")
    assert phones, "a lot's phone is a tel: link"
    maps = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".actions a")]
    assert any(h.startswith("kakaomap://route") for h in maps) and any(h.startswith("https://map.kakao.com") for h in maps)
    assert any(h.startswith("nmap://route/car") for h in maps) and any(h.startswith("tmap://route") for h in maps)


@pytest.mark.parametrize("language", LANGUAGES)
def test_forecast_table_is_the_v2_forecast(day_server, browser, language):
    summary = day_server.json("/v2/parks/yeouido/home-summary")
    open_page(browser, day_server, "/p/yeouido/forecast", language, shot="forecast-yeouido")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.forecast tbody tr")
    points = summary["forecast"]["park"]["points"]
    assert len(rows) == len(points)
    for row, point in zip(rows, points):
        cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        assert cells[0] == grouped(point["p50"])
        assert cells[1] == f"{grouped(point['p10'])}–{grouped(point['p90'])}"
        assert cells[2] == f"{round(point['riskOfNoSpace'] * 100)}%"
    lot = next(lot for lot in summary["forecast"]["lots"] if lot["points"])
    open_page(browser, day_server, f"/p/yeouido/forecast?lot={lot['lotId']}", language)
    first = browser.find_element(By.CSS_SELECTOR, "table.forecast tbody tr td").text
    assert first == grouped(lot["points"][0]["p50"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_outing_and_park_list(day_server, browser, language):
    main = open_page(browser, day_server, "/p/banpo/outing", language, shot="outing-banpo")
    assert word("label.transit", language) in main
    parks = day_server.json("/v2/parks")["parks"]
    open_page(browser, day_server, "/", language, shot="parks")
    items = browser.find_elements(By.CSS_SELECTOR, "ol.parks li")
    assert len(items) == 11
    texts = " ".join(item.text for item in items)
    for park in parks:
        assert word("web.park_free", language, grouped(park["totalAvailable"]), grouped(park["totalCapacity"])) in texts
    assert len(browser.find_elements(By.CSS_SELECTOR, "figure.river circle")) == 11


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_outing_shows_seouls_way_there_with_map_links_and_invents_no_facility(seoul_server, browser, language):
    main = open_page(browser, seoul_server, "/p/yeouido/outing", language, shot="outing-yeouido-seoul")
    way = seoul_server.json("/v2/parks/yeouido/outing")["outing"]["wayThere"]
    assert word("label.bikes", language) in main and word("label.chargers", language) in main
    assert f'{way["bikeStations"][0]["name"]} {word("way.bikes", language, 12)}' in main
    assert way["busStops"][0]["arsNumber"] in main
    # Made-up facility counts are gone; the page says in words that no open source gives them.
    assert word("facility.restroom", language) not in main
    assert word("server.detail.no_open_source", language) in main
    places = {p.find_element(By.TAG_NAME, "h2").text: p for p in browser.find_elements(By.CSS_SELECTOR, "#lots li")}
    bike = places[next(n for n in places if n.startswith(way["bikeStations"][0]["name"]))]
    charger = places[next(n for n in places if n.startswith(way["chargingStations"][0]["name"]))]
    # On foot to a 따릉이 station, by car to a charger, each at its own position.
    links = [a.get_attribute("href") for a in bike.find_elements(By.CSS_SELECTOR, ".actions a")]
    assert any("map.naver.com" in href and href.endswith("/walk") for href in links), links
    assert all(str(way["bikeStations"][0]["coordinate"]["lat"]) in href for href in links), links
    links = [a.get_attribute("href") for a in charger.find_elements(By.CSS_SELECTOR, ".actions a")]
    assert any("map.naver.com" in href and href.endswith("/car") for href in links), links


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_two_in_the_night_home_says_closed_until_six_with_the_forecast_at_opening(night_server, browser, language):
    summary = night_server.json("/v2/parks/banpo/home-summary")
    main = open_page(browser, night_server, "/p/banpo", language, shot="home-banpo-night")
    assert word("parking.closed_opens", language, "06:00", word("duration.hours", language, 4, plural=4)) in main
    opening = summary["forecast"]["park"]["opening"]
    assert word("forecast.at_opening", language, "06:00") in main
    assert word("arrival.about", language, opening["p50"], plural=opening["p50"]) in main


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_source_down_at_the_source_is_shown_as_such(seoul_server, browser, language):
    summary = seoul_server.json("/v2/parks/banpo/home-summary")
    states = {status["source"]: status["state"] for status in summary["freshness"]["sources"]}
    assert "unavailable" in states.values(), states
    main = open_page(browser, seoul_server, "/p/banpo", language, shot="home-banpo-unavailable")
    assert not badge(browser).startswith(word("state.fresh", language))
    assert word("state.unavailable", language) in main


def test_an_event_title_with_markup_is_text_and_runs_nothing(seoul_server, browser):
    summary = seoul_server.json("/v2/parks/yeouido/home-summary")
    assert any(event["title"]["ko"] == XSS_TITLE for event in summary["outing"]["signals"]["events"])
    for path in ("/p/yeouido", "/p/yeouido/outing"):
        main = open_page(browser, seoul_server, path, "ko")
        assert XSS_TITLE in main
        assert browser.find_elements(By.CSS_SELECTOR, "main img") == []
        with pytest.raises(NoAlertPresentException):
            browser.switch_to.alert.text
    raw = urllib.request.urlopen(seoul_server.url + "/p/yeouido/outing").read().decode()
    assert XSS_TITLE not in raw and "&lt;img src=x onerror=alert(1)&gt;" in raw


def test_offline_the_last_page_is_shown_marked_stale():
    server = Server(COLLECTION_INTERVAL="3600")
    driver = phone("en")
    try:
        driver.get(server.url + "/p/banpo/parking")
        driver.set_script_timeout(30)
        driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));")
        driver.refresh()  # now through the worker, which keeps the page
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        WebDriverWait(driver, 20).until(lambda d: d.execute_async_script(
            "const done = arguments[0]; caches.match(location.href, {ignoreVary: true}).then(kept => done(!!kept));"))
        assert driver.find_element(By.ID, "offline").is_displayed() is False
        server.stop()
        driver.refresh()
        note = driver.find_element(By.ID, "offline")
        assert note.is_displayed()
        assert note.text.startswith(word("web.offline", "en", "").split("%")[0].split(" this")[0])
        assert badge(driver) == word("state.stale", "en")
        assert driver.find_element(By.ID, "lots").text  # the kept page, whole
        driver.save_screenshot(str(ARTIFACTS / "parking-banpo-offline-en.png"))
    finally:
        driver.quit()
        server.stop()


@pytest.fixture()
def fresh_server():
    """A server of its own, just started: the header's age ("just now") is the same for the page and the app."""
    server = Server()
    yield server
    server.stop()


@pytest.mark.parametrize("language", LANGUAGES)
def test_curl_gets_the_lines_of_hangangjari_home(fresh_server, language):
    page = subprocess.run(
        ["curl", "-sf", f"{fresh_server.url}/p/banpo?lang={language}"], capture_output=True, text=True, check=True
    ).stdout
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, TZ="Asia/Seoul", HANGANGJARI_CLOCK=pinned(DAYTIME), XDG_CONFIG_HOME=state,
                   XDG_STATE_HOME=state, XDG_CACHE_HOME=state)
        app = subprocess.run(
            [str(APP), "home", "banpo", "--api", fresh_server.url, "--lang", language, "--state-dir", state],
            capture_output=True, text=True, env=env, timeout=60)
    assert app.returncode == 0, app.stderr
    assert page == app.stdout


def fetch(server, path, method="GET", headers=None):
    request = urllib.request.Request(server.url + path, method=method, headers=headers or {"User-Agent": "Mozilla/5.0"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_park_is_a_404_in_the_chosen_language_that_lists_the_parks(day_server, browser, language):
    status, headers, body = fetch(day_server, f"/p/nowhere?lang={language}")
    assert status == 404 and headers["Content-Language"] == language
    main = open_page(browser, day_server, "/p/nowhere", language, shot="not-found")
    assert word("web.no_such_park", language, "nowhere") in main
    assert len(browser.find_elements(By.CSS_SELECTOR, "ol.parks li")) == 11


def test_odd_paths_are_404s_that_never_echo_markup(day_server):
    for path in ("/p/banpo/nowhere", "/p/banpo/parking/more", "/p/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                 "/p/" + "x" * 5000, "/p/banpo/forecast?lot=jamsil-1", "/p/banpo/forecast?lot=%3Cb%3E"):
        status, _, body = fetch(day_server, path)
        assert status == 404, path
        assert "<script>alert" not in body and "<b>" not in body
    status, _, body = fetch(day_server, "/p/banpo?lang=xx", headers={"User-Agent": "Mozilla/5.0", "Accept-Language": "en"})
    assert status == 200 and 'lang="en"' in body


def test_headers_say_what_the_page_may_do(day_server):
    status, headers, body = fetch(day_server, "/p/banpo")
    assert status == 200
    policy = headers["Content-Security-Policy"]
    assert "unsafe-inline" not in policy and "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "form-action 'self'" in policy  # the one form (/go's arrival) is sent to this server only
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    assert "Set-Cookie" not in headers
    assert len(body.encode()) <= 30 * 1024
    assert "<script>" not in body and "style=" not in body
    assert "style-src 'sha256-" in policy  # the inlined stylesheet, by its hash
    script = body.split('src="/assets/')[1].split('"')[0]
    status, headers, _ = fetch(day_server, "/assets/" + script)
    assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for method in ("POST", "PUT", "DELETE"):
        status, headers, _ = fetch(day_server, "/p/banpo", method=method)
        assert status == 405 and headers["Allow"] == "GET, HEAD"
    status, headers, _ = fetch(day_server, "/p/banpo", method="HEAD")
    assert status == 200 and headers["Content-Type"].startswith("text/html")


def test_text_for_curl_wget_and_httpie_and_for_text_plain(day_server):
    for agent in ("curl/8.5.0", "Wget/1.21.3", "HTTPie/3.2.2"):
        status, headers, body = fetch(day_server, "/p/banpo", headers={"User-Agent": agent})
        assert status == 200 and headers["Content-Type"].startswith("text/plain") and "\x1b[" not in body
    _, headers, body = fetch(day_server, "/p/banpo", headers={"User-Agent": "Mozilla/5.0", "Accept": "text/plain"})
    assert headers["Content-Type"].startswith("text/plain")
    _, _, colored = fetch(day_server, "/p/banpo?color", headers={"User-Agent": "curl/8.5.0"})
    assert "\x1b[" in colored
    _, _, parks = fetch(day_server, "/?lang=en", headers={"User-Agent": "curl/8.5.0"})
    assert word("parks.title", "en") in parks


PAGES = ["/", "/p/banpo", "/p/banpo/parking", "/p/banpo/forecast", "/p/banpo/outing", "/p/nowhere", "/go?in=40"]


def axe_source():
    """axe-core as the PyPI package axe-playwright-python ships it (installed without Playwright: only its copy of
    axe.min.js is used, injected through WebDriver)."""
    package = importlib.util.find_spec("axe_playwright_python").submodule_search_locations[0]
    return pathlib.Path(package, "axe.min.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_no_level_a_or_aa_violation(day_server, browser, language):
    source = axe_source()
    browser.set_script_timeout(60)
    for path in PAGES:
        open_page(browser, day_server, path, language)
        browser.execute_script(source)
        violations = browser.execute_async_script(
            """const done = arguments[arguments.length - 1];
            axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}})
              .then(r => done(r.violations.map(v => v.id + ": " + v.nodes.map(n => n.html).join(" | "))))
              .catch(e => done(["axe failed: " + e]));""")
        assert violations == [], (path, language, violations)
    assert browser.execute_script("return axe.version").startswith("4.")


@pytest.mark.parametrize("width", [320, 195])  # 195 CSS pixels: a 390-pixel phone at 200% zoom
def test_no_page_scrolls_sideways_at_320_pixels_or_200_percent_zoom(day_server, browser, width):
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        for path in PAGES:
            open_page(browser, day_server, path, "ko")
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (path, width, overflow)
    finally:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})


def test_web_off_leaves_only_the_api():
    server = Server(WEB="off")
    try:
        assert fetch(server, "/")[0] == 404
        assert fetch(server, "/p/banpo")[0] == 404
        assert fetch(server, "/v2/parks")[0] == 200
    finally:
        server.stop()


def free_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_page_the_app_hands_a_phone_opens_the_same_park_and_screen(browser):
    port = free_port()
    server = Server(PORT=str(port), PUBLIC_URL=f"http://127.0.0.1:{port}")
    try:
        with tempfile.TemporaryDirectory() as state:
            env = dict(os.environ, HANGANGJARI_CLOCK=pinned(DAYTIME), XDG_CONFIG_HOME=state, XDG_STATE_HOME=state)
            run = subprocess.run(
                [str(APP), "forecast", "yeouido", "--json", "--api", server.url, "--state-dir", state],
                capture_output=True, text=True, env=env, timeout=60)
        assert run.returncode == 0, run.stderr
        import json

        page = json.loads(run.stdout)["page"]
        assert page == f"{server.url}/p/yeouido/forecast"
        browser.get(page + "?lang=en")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Yeouido Hangang Park"
        current = browser.find_element(By.CSS_SELECTOR, "nav.tabs a[aria-current='page']")
        assert current.text == word("tab.forecast", "en")
    finally:
        server.stop()


def test_nearest_first_uses_the_phones_position_only_in_the_browser(day_server, browser):
    """The position comes from the Geolocation API when the button is tapped; distances are computed on the phone,
    and no request carries the position."""
    lots = day_server.json("/v2/parks/yeouido/home-summary")["parking"]["lots"]
    target = lots[-1]["lot"]  # the lot the page lists last: standing at it, it must come first
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": day_server.url, "permissions": ["geolocation"]})
    here = target["coordinate"]
    browser.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": here["lat"], "longitude": here["lon"], "accuracy": 10})
    try:
        open_page(browser, day_server, "/p/yeouido/parking", "en")
        browser.execute_script("performance.clearResourceTimings()")
        browser.find_element(By.ID, "nearest").click()
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#lots li .away").text)
        first = browser.find_element(By.CSS_SELECTOR, "#lots li")
        assert first.get_attribute("id") == f"lot-{target['id']}"
        assert first.find_element(By.CSS_SELECTOR, ".away").text.endswith(" away")
        requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert not any(str(here["lat"])[:6] in name or str(here["lon"])[:6] in name for name in requests), requests
    finally:
        browser.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})


@pytest.mark.parametrize("path", ["/", "/p/banpo", "/p/banpo/parking", "/p/banpo/forecast", "/p/banpo/outing", "/go"])
def test_every_request_of_a_page_goes_to_its_own_server(day_server, browser, path):
    open_page(browser, day_server, path, "ko")
    names = browser.execute_script(
        "return [location.href].concat(performance.getEntriesByType('resource').map(e => e.name))")
    assert all(name.startswith(day_server.url) for name in names), names


def test_with_javascript_off_every_page_still_reads_whole(day_server):
    driver = phone("en", javascript=False)
    try:
        for path in ("/", "/go", "/p/banpo", "/p/banpo/forecast", "/p/banpo/outing", "/p/banpo/parking"):
            driver.get(f"{day_server.url}{path}?lang=en")
            main = driver.find_element(By.TAG_NAME, "main").text
            assert main and driver.find_element(By.TAG_NAME, "h1").text
        assert "Banpo Lot 1" in main
        assert not driver.find_element(By.ID, "nearest").is_displayed()  # the one control that needs a script
    finally:
        driver.quit()
