"""What the browser tests share: headless Debian Chromium driven by Selenium, skipped (exit
77) where either is missing, and clicks that reach SVG parts."""
import shutil
import sys
import tempfile

SKIP = 77

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By  # noqa: F401 (the tests' locator)
except ImportError:
    print("skipped: python3-selenium is not installed")
    sys.exit(SKIP)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not CHROMIUM or not DRIVER:
    print("skipped: chromium or chromedriver is not installed")
    sys.exit(SKIP)


def start_browser(record_websocket=False):
    """Headless Chromium with the flags this machine needs (no background networking: its
    connections are refused here); with record_websocket, the frames it receives are kept
    in the performance log (websocket_frames reads them)."""
    options = webdriver.ChromeOptions()
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1500,1100"):
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="tessera-chromium-"))
    options.binary_location = CHROMIUM
    if record_websocket:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def click(driver, node):
    """Clicks `node` through a script: an SVG group's box may sit under a sibling."""
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", node)


failures = []


def check(condition, message):
    """Records a failure and goes on, so that one run reports every failure."""
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


def finish():
    """Exits 1 when a check failed, else says ok."""
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)
    print("ok")
