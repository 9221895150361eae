"""The built book over a slow link: 1.6 Mbit/s shared by every request, 150 ms before each answer.

The link is emulated by the test's own web server (every byte of every response goes through one
shared budget, so parallel requests share the link as on a real one), which is python's
http.server otherwise: no compression, and no caching headers beyond Last-Modified, so a warm visit
revalidates each file (a 304 costs a round trip, not the file). Measured, and printed with
`pytest -s`: an ordinary page until it is interactive and loaded, cold and warm; the Check page
from the first Judge to the first verdict, cold (nothing cached) and warm (the browser's cache,
another language). Asserted: what a slow link makes visible, that the warm verdict comes much
sooner than the cold one and that nothing of the referee is downloaded again.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time

import pytest

from tests.test_browser import CHROMIUM, FLAGS, SITE

RATE = 1_600_000 / 8
"""Bytes per second of the emulated link."""
LATENCY = 0.150
GOLDEN = SITE.parent.parent.parent / "tests" / "golden"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.book,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"),
    pytest.mark.skipif(not (SITE / "_pyodide" / "bundle.json").is_file(), reason="the book is not built (scripts/book)"),
]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the docs dependency group")


class Link:
    """One budget of bytes for every connection: a writer waits for its share of the link."""

    def __init__(self, rate: float) -> None:
        self.rate, self.lock, self.free_at, self.sent = rate, threading.Lock(), time.monotonic(), 0

    def send(self, size: int) -> None:
        with self.lock:
            self.sent += size
            start = max(self.free_at, time.monotonic())
            self.free_at = start + size / self.rate
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class _Throttled:
    """A write-through wrapper of a response stream that spends the link's budget per chunk."""

    CHUNK = 16_384

    def __init__(self, stream, link: Link) -> None:
        self.stream, self.link = stream, link

    def write(self, data) -> int:
        view = memoryview(data)
        for i in range(0, len(view), self.CHUNK):
            part = view[i:i + self.CHUNK]
            self.link.send(len(part))
            self.stream.write(part)
        return len(view)

    def __getattr__(self, name):
        return getattr(self.stream, name)


class _SlowHandler(http.server.SimpleHTTPRequestHandler):
    link: Link

    def setup(self) -> None:
        super().setup()
        self.wfile = _Throttled(self.wfile, self.link)

    def handle_one_request(self) -> None:
        time.sleep(LATENCY)  # the round trip before the answer starts
        super().handle_one_request()

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def slow_site():
    link = Link(RATE)
    handler = type("Handler", (_SlowHandler,), {"link": link})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", link
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def playwright():
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def chromium(playwright):
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
    try:
        yield browser
    finally:
        browser.close()


def _navigation(page) -> dict:
    return page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
        return {interactive: n.domInteractive, ready: n.domContentLoadedEventEnd, load: n.loadEventEnd}; }""")


# A rules page, and the heaviest ordinary pages of the book (the Russian language reference and
# search page, 420 KB each before the reference was split by mechanic).
SLOW_PAGES = ("pl/kierki/rules.html", "ru/language/reference.html", "ru/search.html")


@pytest.mark.parametrize("path", SLOW_PAGES)
def test_an_ordinary_page_on_a_slow_link(chromium, slow_site, path):
    slow_site, _ = slow_site
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    times = {}
    for visit in ("cold", "warm"):
        page.goto(f"{slow_site}/{path}", wait_until="load")
        times[visit] = _navigation(page)
        page.goto(f"{slow_site}/{path.split('/')[0]}/intro.html", wait_until="load")  # away: the next visit is a new load
    context.close()
    print(f"\n[slow link 1.6 Mbit/s, 150 ms] {path}: " + "; ".join(
        f"{visit} interactive {t['interactive'] / 1000:.1f} s, loaded {t['load'] / 1000:.1f} s" for visit, t in times.items()))
    assert times["warm"]["load"] < times["cold"]["load"]
    assert 0 < times["cold"]["interactive"] <= times["cold"]["load"]


def _first_verdict(page, url: str) -> float:
    page.goto(url, wait_until="load")
    page.fill(".check-text", (GOLDEN / "kierki-revoke.json").read_text("utf-8"))
    started = time.perf_counter()
    page.click(".check-judge")
    page.wait_for_function("document.querySelector('.check-deal').dataset.state === 'judged'", timeout=600_000)
    return time.perf_counter() - started


def test_check_page_first_verdict_on_a_slow_link(playwright, slow_site, tmp_path):
    """A browser with a profile on disk, as a reader's is: an incognito context caches in memory,
    where a 10 MB .wasm does not fit, and would download it again for every page."""
    import json
    slow_site, link = slow_site
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=FLAGS, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cold = _first_verdict(page, f"{slow_site}/en/check.html")
    assert "ILLEGAL" in page.locator(".check-verdict-head").inner_text()
    before = link.sent
    warm = _first_verdict(page, f"{slow_site}/hr/check.html")  # another language, the same files
    again = link.sent - before
    assert "NEDOPUŠTENO" in page.locator(".check-verdict-head").inner_text()
    context.close()
    size = json.loads((SITE / "_pyodide" / "bundle.json").read_text())["bytes"]
    print(f"\n[slow link 1.6 Mbit/s, 150 ms] Check page, first Judge to verdict: cold {cold:.1f} s "
          f"(bundle {size / 1e6:.1f} MB, {size / RATE:.0f} s of link time), warm (another language) {warm:.1f} s, "
          f"{again / 1e3:.0f} KB sent for it (the page and the revalidations)")
    assert cold > size / RATE, "the bundle came faster than the link allows: the link is not emulated"
    assert again < 400_000, "the referee was downloaded again for another language"
    assert warm < cold / 3
