#!/usr/bin/env python3
"""First contentful paint of a page in Debian's headless Chromium under the DevTools protocol's Slow 4G network and
4x CPU throttling, a fresh profile (nothing cached) each run. Prints one line: `fcp_ms RUN1 RUN2 ... median MEDIAN`.
Usage: first-paint.py URL [RUNS]"""
import statistics
import sys

from selenium import webdriver

# DevTools' "Slow 4G" preset: 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up, with its 3.75x latency and 0.9x
# throughput factors.
SLOW_4G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
           "uploadThroughput": 750 * 1024 / 8 * 0.9}


def first_paint(url):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_4G)
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        driver.get(url)
        return driver.execute_script(
            "const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : -1;")
    finally:
        driver.quit()


def main():
    url = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    times = [first_paint(url) for _ in range(runs)]
    print("fcp_ms", " ".join(f"{t:.0f}" for t in times), "median", f"{statistics.median(times):.0f}")


if __name__ == "__main__":
    main()
