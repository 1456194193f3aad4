"""Where to go now on the phone (`/go`): every lot ranked for an arrival the form asks for, without a script, in the
words `hangangjari go` prints, each with the map apps' car directions; a refused arrival says what it takes."""
import json
import os
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import APP, DAYTIME, NIGHT, SeoulStandIn, Server, phone, pinned, wait_for_opening
from test_pages import LANGUAGES, fetch, open_page
from words import word


CITY_HALL = {"lat": 37.5665, "lon": 126.978}  # the phone's position in the drive tests


@pytest.fixture()
def fresh_server():
    """A server of its own, just started: the page, curl and the terminal rank within the same minute."""
    server = Server()
    yield server
    server.stop()


def app_go(server, language, minutes):
    """`hangangjari go --in MINUTES` against the same server, as a user's terminal prints it."""
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, TZ="Asia/Seoul", HANGANGJARI_CLOCK=pinned(DAYTIME), XDG_CONFIG_HOME=state,
                   XDG_STATE_HOME=state, XDG_CACHE_HOME=state)
        app = subprocess.run(
            [str(APP), "go", "--in", str(minutes), "--api", server.url, "--lang", language, "--state-dir", state],
            capture_output=True, text=True, env=env, timeout=60)
    assert app.returncode == 0, app.stderr
    return app.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_go_ranks_every_lot_as_hangangjari_go_with_map_links(fresh_server, browser, language):
    day_server = fresh_server
    main = open_page(browser, day_server, "/go?in=40", language, shot="go")
    assert browser.find_element(By.TAG_NAME, "h1").text == word("go.title", language)
    items = browser.find_elements(By.CSS_SELECTOR, "#go-lots li")
    assert len(items) == 10
    # The page's first lots are the terminal's, in its order and words.
    printed = app_go(day_server, language, 40)
    lines = [line for line in printed.splitlines() if line[:3] in ("1. ", "2. ", "3. ")]
    assert len(lines) == 3, printed
    for item, line in zip(items, lines):
        name = item.find_element(By.TAG_NAME, "h2").text.split(". ", 1)[1]
        assert line.startswith(line[:3] + name + " · "), (name, line)
        assert item.find_element(By.CSS_SELECTOR, "p").text in line, (item.text, line)
        hrefs = [link.get_attribute("href") for link in item.find_elements(By.CSS_SELECTOR, ".actions a")]
        assert any(href.startswith("kakaomap://route?ep=") and href.endswith("&by=CAR") for href in hrefs), hrefs
    assert printed.splitlines()[0] in main  # "Where to park, arriving 14:40 (in 40 min)"
    # curl gets the same lines as the terminal.
    curl = subprocess.run(["curl", "-sf", f"{day_server.url}/go?in=40&lang={language}"], capture_output=True,
                          text=True, check=True).stdout
    assert curl == printed


def test_without_a_script_the_form_asks_for_the_arrival_and_refuses_what_it_cannot_rank(day_server, browser):
    driver = phone("en", javascript=False)
    try:
        driver.get(f"{day_server.url}/?lang=en")
        href = driver.find_element(By.CSS_SELECTOR, ".go-link a").get_attribute("href")
        assert href.endswith("/go?lang=en")
        driver.get(href)
        assert "(in 30 min)" in driver.find_element(By.TAG_NAME, "main").text
        form = driver.find_element(By.CSS_SELECTOR, ".go-form")
        assert form.get_attribute("method") == "get" and form.find_element(By.NAME, "in").get_attribute("value") == "30"
    finally:
        driver.quit()
    # The form is a plain GET form: submitted, it asks for the page of that arrival.
    open_page(browser, day_server, "/go", "en")
    field = browser.find_element(By.ID, "arrive-in")
    field.clear()
    field.send_keys("75")
    browser.find_element(By.CSS_SELECTOR, ".go-form button").click()
    WebDriverWait(browser, 10).until(lambda driver: "in=75" in driver.current_url)
    assert "lang=en" in browser.current_url
    assert "(in 1 h 15 min)" in browser.find_element(By.TAG_NAME, "main").text
    for value in ("-5", "10000", "soon", "%3Cb%3E"):
        status, headers, body = fetch(day_server, f"/go?in={value}&lang=en")
        assert status == 400, value
        assert "takes minutes from 0 to 180" in body and "<b>" not in body
        assert 'id="go-lots"' not in body
    status, _, body = fetch(day_server, "/go?in=-5&lang=en", headers={"User-Agent": "curl/8.5.0"})
    assert status == 400 and "takes minutes from 0 to 180" in body


def test_at_night_every_lot_says_when_it_opens(night_server, browser):
    """At 02:00 every lot is closed at 02:40: each is listed with when it opens, none with a chance of a space."""
    open_page(browser, night_server, "/go?in=40", "en")
    items = browser.find_elements(By.CSS_SELECTOR, "#go-lots li")
    assert len(items) == 10
    for item in items:
        said = item.find_element(By.CSS_SELECTOR, "p").text
        assert said.endswith("opens 06:00") and "chance" not in item.text, item.text


def app_go_json(server, language, start, clock, known, state=None):
    """`hangangjari go --from LAT,LON --all --json` against the same server, with a fresh cache unless `state` (a
    state directory) keeps one."""
    with tempfile.TemporaryDirectory() as fresh:
        state = state or fresh
        env = dict(os.environ, TZ="Asia/Seoul", HANGANGJARI_CLOCK=pinned(clock), XDG_CONFIG_HOME=state,
                   XDG_STATE_HOME=state, XDG_CACHE_HOME=state)
        app = subprocess.run(
            [str(APP), "go", "--from", start, "--all", "--json", "--api", server.url, "--lang", language,
             "--state-dir", state], capture_output=True, text=True, env=env, timeout=60)
    # When no lot's chance is known, the lots are still listed and the exit says so (3).
    assert app.returncode == (0 if known else 3), app.stderr
    return json.loads(app.stdout)


@pytest.mark.parametrize("language, clock, source", [(language, DAYTIME, "simulated") for language in LANGUAGES]
                         + [("en", NIGHT, "simulated"), ("en", DAYTIME, "seoul")])
def test_by_drive_the_phone_ranks_as_hangangjari_go_from_with_its_own_position(browser, language, clock, source):
    """"Rank by my drive": the phone's position and drive times stay on the phone (no request carries them), and the
    lots, their order, drive times and words are those of `hangangjari go --from` at the same position: by day, at
    night (every lot closed: ranked by when it opens), and from Seoul's stand-in, where only Yeouido answers and no
    forecast is known yet (every lot unknown: ranked by drive, its count said without a chance)."""
    stand_in = SeoulStandIn() if source == "seoul" else None
    seoul = dict(SOURCE="seoul", SEOUL_OPEN_DATA_KEY="browser-test-key", SEOUL_OPEN_DATA_URL=stand_in.url) \
        if stand_in else {}
    server = Server(clock=clock, **seoul)
    try:
        if clock == NIGHT:
            wait_for_opening(server)
        ranks_by_drive_as_the_terminal(server, browser, language, clock, known=clock == DAYTIME and not stand_in)
    finally:
        server.stop()
        if stand_in:
            stand_in.stop()


def test_a_page_left_open_to_the_next_day_ranks_as_the_terminal_on_yesterdays_answer(browser):
    """A /go page left open overnight ranks by drive as `hangangjari go --from` on the answer it cached the day
    before: every open lot unknown, the answer's day said, nothing read as likely free."""
    start = f"{CITY_HALL['lat']},{CITY_HALL['lon']}"
    next_day = "2026-11-24T14:00:00+09:00"
    server = Server()
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd("Emulation.setGeolocationOverride", dict(latitude=CITY_HALL["lat"],
                                                                      longitude=CITY_HALL["lon"], accuracy=10))
    try:
        with tempfile.TemporaryDirectory() as state:
            open_page(browser, server, "/go?in=40", "en")
            app_go_json(server, "en", start, DAYTIME, True, state)  # today's answer, into the terminal's cache
            server.stop()
            # The next day, the server gone: the terminal keeps yesterday's answer, the page its own.
            expected = app_go_json(server, "en", start, next_day, False, state)["candidates"][:10]
        browser.execute_script("var real = Date.now; Date.now = function () { return real() + 86400000; };")
        browser.find_element(By.ID, "go-drive").click()
        WebDriverWait(browser, 10).until(
            lambda d: d.find_element(By.ID, "go-header").text == word("go.header_drive", "en"))
        items = browser.find_elements(By.CSS_SELECTOR, "#go-lots li")
        assert len(items) == 10
        for item, candidate in zip(items, expected):
            line = item.find_element(By.CSS_SELECTOR, "p").text
            assert candidate["open"] and candidate["riskOfNoSpace"] is None, candidate
            assert "11-23" in candidate["reason"], candidate
            assert item.get_attribute("data-lot") == candidate["lotId"], (item.text, candidate)
            assert line.endswith(candidate["reason"]), (line, candidate)
    finally:
        browser.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        server.stop()


def ranks_by_drive_as_the_terminal(fresh_server, browser, language, clock, known):
    here = CITY_HALL
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": fresh_server.url, "permissions": ["geolocation"]})
    browser.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": here["lat"], "longitude": here["lon"], "accuracy": 10})
    try:
        open_page(browser, fresh_server, "/go?in=40", language)
        browser.execute_script("performance.clearResourceTimings()")
        browser.find_element(By.ID, "go-drive").click()
        WebDriverWait(browser, 10).until(
            lambda d: d.find_element(By.ID, "go-header").text == word("go.header_drive", language))
        start = f"{here['lat']},{here['lon']}"
        expected = app_go_json(fresh_server, language, start, clock, known)["candidates"][:10]
        items = browser.find_elements(By.CSS_SELECTOR, "#go-lots li")
        assert len(items) == 10
        for item, candidate in zip(items, expected):
            line = item.find_element(By.CSS_SELECTOR, "p").text
            assert item.get_attribute("data-lot") == candidate["lotId"], (item.text, candidate)
            about = word("go.about_minutes", language, word_duration(language, candidate["etaMinutes"]))
            assert line.startswith(about + " · ") and line.endswith(candidate["reason"]), (line, candidate)
        requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert not any("37.56" in name or "126.97" in name for name in requests), requests
    finally:
        browser.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})


def word_duration(language, minutes):
    """Localizer.duration: minutes, whole hours, or hours and minutes."""
    if minutes < 60:
        return word("duration.minutes", language, minutes)
    if minutes % 60 == 0:
        return word("duration.hours", language, minutes // 60)
    return word("duration.hours_minutes", language, minutes // 60, minutes % 60)
