"""The pages as a phone shows them: nothing fresh when kept offline, rows to tap, targets big enough, the forecast
drawn with the numbers of /v2, and rows that read naturally at 320-390 pixels."""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, Server, phone
from words import grouped, word

LANGUAGES = ["ko", "en"]
PAGES = ["/", "/p/yeouido", "/p/yeouido/parking", "/p/yeouido/forecast", "/p/yeouido/outing", "/go?in=40"]


def open_page(browser, server, path, language):
    browser.get(f"{server.url}{path}{'&' if '?' in path else '?'}lang={language}")


def says_fresh(text, language):
    """Whether visible text says "fresh" as a word (not inside "refresh")."""
    fresh = word("state.fresh", language)
    return re.search(rf"(?<![A-Za-z]){re.escape(fresh)}(?![A-Za-z])", text) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_kept_offline_says_nothing_is_fresh(language):
    server = Server(COLLECTION_INTERVAL="3600")
    driver = phone(language)
    paths = ["/p/banpo", "/p/banpo/outing"]
    try:
        driver.get(server.url + paths[0])
        driver.set_script_timeout(30)
        driver.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));")
        driver.refresh()  # now through the worker
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        for path in paths:  # through the worker, which keeps each page
            driver.get(server.url + path)
            assert says_fresh(driver.execute_script("return document.body.innerText"), language), path
            WebDriverWait(driver, 20).until(lambda d: d.execute_async_script(
                "const done = arguments[0]; caches.match(location.href, {ignoreVary: true}).then(k => done(!!k));"))
        server.stop()
        for path in paths:
            driver.get(server.url + path)
            assert driver.find_element(By.ID, "offline").is_displayed(), path
            shown = driver.execute_script("return document.body.innerText")
            assert not says_fresh(shown, language), (path, shown)
            assert word("state.stale", language) in shown
            driver.save_screenshot(str(ARTIFACTS / f"offline{path.replace('/', '-')}-{language}.png"))
    finally:
        driver.quit()
        server.stop()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_park_list_is_a_list_of_places_to_tap_with_labelled_values(day_server, browser, language):
    parks = {park["park"]["id"]: park for park in day_server.json("/v2/parks")["parks"]}
    open_page(browser, day_server, "/", language)
    browser.save_screenshot(str(ARTIFACTS / f"parks-list-{language}.png"))
    rows = browser.find_elements(By.CSS_SELECTOR, "ol.parks li")
    assert len(rows) == 11
    for row in rows:
        links = row.find_elements(By.TAG_NAME, "a")
        assert len(links) == 1, row.text
        link = links[0]
        assert link.rect["height"] >= 44, (row.text, link.rect)
        assert link.rect["width"] >= row.rect["width"] - 1, (row.text, link.rect, row.rect)
        park = parks[link.get_attribute("href").split("/p/")[1].split("?")[0]]
        text = link.text
        if park["totalAvailable"] is not None:
            free = word("web.park_free", language, grouped(park["totalAvailable"]), grouped(park["totalCapacity"]))
            assert free in text, text
        else:
            assert word("web.park_no_count", language) in text
        if park.get("crowd"):
            assert word("web.park_crowd", language, word(f"crowd.{park['crowd']}", language)) in text, text
        else:
            assert word("crowd.unknown", language) in text, text
        if park["freshness"] != "fresh":
            state = word({"stale": "state.stale", "unavailable": "state.unavailable",
                          "partly_unavailable": "state.partly_unavailable"}[park["freshness"]], language)
            assert word("web.park_sources", language, state) in text, text


TARGETS = """
const small = [];
for (const element of document.querySelectorAll("a[href], button, input, select, textarea, summary")) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || box.right < 0 || getComputedStyle(element).visibility === "hidden") {
    continue;
  }
  // WCAG 2.5.8's exception: a target inline in a sentence.
  const inline = getComputedStyle(element).display === "inline" &&
    element.parentElement.textContent.trim().length > element.textContent.trim().length + 10;
  if (!inline && (box.width < 24 || box.height < 24)) {
    small.push(element.outerHTML.slice(0, 80) + " " + Math.round(box.width) + "x" + Math.round(box.height));
  }
}
for (const element of document.querySelectorAll("nav.tabs a, ol.parks a")) {
  const box = element.getBoundingClientRect();
  if (box.height < 44) { small.push("main navigation " + element.textContent + " " + Math.round(box.height)); }
}
return small;
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_target_is_at_least_24_pixels_and_the_main_navigation_44(day_server, browser, language):
    for path in PAGES:
        open_page(browser, day_server, path, language)
        assert browser.execute_script(TARGETS) == [], path


TEXT_SIZES = """
const small = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const element = node.parentElement;
  if (!node.textContent.trim() || !element.getClientRects().length) { continue; }
  if (element.closest("title, desc, script, style")) { continue; }
  let size = parseFloat(getComputedStyle(element).fontSize);
  const svg = element.closest("svg");
  if (svg) { size *= svg.getScreenCTM().a; }  // SVG text is drawn at the scale of its viewBox
  if (size < 12) { small.push(node.textContent.trim().slice(0, 30) + " " + size.toFixed(1) + "px"); }
}
return small;
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_at_least_12_pixels_at_390(day_server, night_server, browser, language):
    for server, path in [(day_server, path) for path in PAGES] + [(night_server, "/p/yeouido/forecast")]:
        open_page(browser, server, path, language)
        assert browser.execute_script(TEXT_SIZES) == [], path


def chart_numbers(chart):
    return {key: [int(value) for value in chart.get_attribute(f"data-{key}").split()]
            for key in ("minutes", "p50", "p10", "p90")}


def check_chart(chart, forecast, available, capacity):
    """The chart's numbers are /v2's (now first), and its line is drawn from them on the 0-to-capacity scale."""
    numbers = chart_numbers(chart)
    points = forecast["points"]
    assert numbers["minutes"] == [0] + [point["minutesAhead"] for point in points]
    assert numbers["p50"] == [available] + [point["p50"] for point in points]
    assert numbers["p10"][1:] == [point["p10"] for point in points]
    assert numbers["p90"][1:] == [point["p90"] for point in points]
    assert int(chart.get_attribute("data-capacity")) == capacity
    top = max(capacity, max(numbers["p90"]))
    drawn = chart.find_element(By.CSS_SELECTOR, "polyline.p50").get_attribute("points").split()
    for (x, y), value in zip((pair.split(",") for pair in drawn), numbers["p50"]):
        assert abs(float(y) - (128 - 112 * value / top)) < 0.11, (y, value)
    assert chart.find_element(By.TAG_NAME, "title").get_attribute("textContent")
    assert chart.find_element(By.TAG_NAME, "desc").get_attribute("textContent").count(grouped(capacity)) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_forecast_is_drawn_with_the_numbers_of_v2(day_server, browser, language):
    summary = day_server.json("/v2/parks/yeouido/home-summary")
    parking = summary["parking"]
    open_page(browser, day_server, "/p/yeouido/forecast", language)
    browser.save_screenshot(str(ARTIFACTS / f"forecast-chart-yeouido-{language}.png"))
    chart = browser.find_element(By.CSS_SELECTOR, "figure.forecast-chart svg.chart")
    check_chart(chart, summary["forecast"]["park"], parking["totalAvailable"], parking["totalCapacity"])
    labels = [text.get_attribute("textContent") for text in chart.find_elements(By.TAG_NAME, "text")]
    assert word("web.chart_now", language) in labels
    assert word("web.chart_capacity", language, grouped(parking["totalCapacity"])) in labels
    assert browser.find_elements(By.CSS_SELECTOR, "table.forecast tbody tr"), "the table stays as the text"
    lot = next(lot for lot in summary["forecast"]["lots"] if lot["points"])
    status = next(entry["status"] for entry in parking["lots"] if entry["lot"]["id"] == lot["lotId"])
    open_page(browser, day_server, f"/p/yeouido/forecast?lot={lot['lotId']}", language)
    chart = browser.find_element(By.CSS_SELECTOR, "figure.forecast-chart svg.chart")
    check_chart(chart, lot, status["available"], status["capacity"])
    # The home page's small one, beside the recommended lot's "in 30 min", links to that lot's forecast.
    open_page(browser, day_server, "/p/yeouido", language)
    spark = browser.find_element(By.CSS_SELECTOR, "dd.spark a")
    assert spark.get_attribute("href").endswith(f"/p/yeouido/forecast?lot={parking['recommended']['lotId']}"
                                                + ("" if language == "ko" else "&lang=en")) or \
        f"lot={parking['recommended']['lotId']}" in spark.get_attribute("href")
    row = spark.find_element(By.XPATH, "../..")
    assert word("arrival.in", language, 30) in row.text
    recommended = next(lot for lot in summary["forecast"]["lots"] if lot["lotId"] == parking["recommended"]["lotId"])
    small = chart_numbers(spark.find_element(By.CSS_SELECTOR, "svg.chart.small"))
    assert small["p50"][1:] == [point["p50"] for point in recommended["points"]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_390_pixels_sources_are_blocks_and_the_reasons_end_without_a_separator(day_server, browser, language):
    # The page shows the whole outing's sources: the way there's rows with them, as /v2/parks/{park}/outing has them.
    outing = day_server.json("/v2/parks/yeouido/outing")
    open_page(browser, day_server, "/p/yeouido/outing", language)
    blocks = browser.find_elements(By.CSS_SELECTOR, "section.sources li")
    sources = outing["outing"]["sources"]
    assert len(blocks) == len(sources)
    assert not browser.find_elements(By.CSS_SELECTOR, "table.sources")
    for block in blocks:
        # No word broken letter by letter: every line of a block is wider than a few letters.
        assert block.rect["width"] >= 300
    # Every value of a labelled row starts in the value column, the second transit hint too.
    for row in browser.find_elements(By.CSS_SELECTOR, "dl.rows div"):
        values = row.find_elements(By.TAG_NAME, "dd")
        lefts = {round(value.rect["x"]) for value in values}
        assert len(lefts) <= 1, row.text
    open_page(browser, day_server, "/p/yeouido/forecast", language)
    why = word("forecast.why", language, "").strip()
    reasons = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "main p") if p.text.startswith(why)]
    assert reasons and all(not text.rstrip().endswith(";") for text in reasons), reasons


@pytest.mark.parametrize("language", LANGUAGES)
def test_while_closed_the_chart_shows_the_forecast_at_opening(night_server, browser, language):
    forecast = night_server.json("/v2/parks/banpo/home-summary")["forecast"]["park"]
    opening = forecast["opening"]
    open_page(browser, night_server, "/p/banpo/forecast", language)
    browser.save_screenshot(str(ARTIFACTS / f"forecast-chart-closed-banpo-{language}.png"))
    chart = browser.find_element(By.CSS_SELECTOR, "figure.forecast-chart svg.chart")
    numbers = chart_numbers(chart)
    assert (numbers["p50"], numbers["p10"], numbers["p90"]) == ([opening["p50"]], [opening["p10"]], [opening["p90"]])
    assert chart.find_elements(By.CSS_SELECTOR, "rect.closed") and chart.find_elements(By.CSS_SELECTOR, "circle.point")
    labels = [text.get_attribute("textContent") for text in chart.find_elements(By.TAG_NAME, "text")]
    assert word("web.chart_opens", language, "06:00") in labels
    assert "06:00" in chart.find_element(By.TAG_NAME, "desc").get_attribute("textContent")
