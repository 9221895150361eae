"""The "Check a deal" page in headless Chromium, offline: the referee runs in the browser
(Pyodide in a web worker) and its verdicts are the command line's, word for word.

Every request that leaves the built book is blocked and recorded, and none may be made. In each
language the page judges a legal and an illegal deal of each game; the verdict text is compared
with `referee judge FILE --lang LANG` on the same transcript, and the illegal verdict's clause
link must lead to the clause. Bad input (broken JSON, an oversized paste, a judgement past the
time limit) gets a message in the page's language, never a traceback. The page loads nothing of
the referee but its manifest until the reader first presses Judge; that judgement loads it and
then runs. The first load, the first and the warm judgement and the bundle's size are printed
(`pytest -s`): measured, not asserted.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import statistics
import time
from html import unescape

import pytest

from referee.cli import main
from referee.sphinx_check import PASTE_LIMIT
from tests.test_browser import CHROMIUM, LANGS, PAGE_MS, SHOTS, SITE, browser, limit_ms, site  # noqa: F401  (fixtures)

BUNDLE = SITE / "_pyodide" / "bundle.json"
GOLDEN = SITE.parent.parent.parent / "tests" / "golden"
LEGAL = {"kierki": "kierki-seed1.json", "preferans": "preferans-seed5.json", "bouillotte": "bouillotte-match-seed5.json"}
LOAD_MS = limit_ms(240_000)
"""How long the first judgement may take to load the referee (Pyodide and the bundle)."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.book,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"),
    pytest.mark.skipif(not BUNDLE.is_file() or not (SITE / "en" / "check.html").is_file(),
                       reason="the book is not built with its browser bundle (scripts/book)"),
]

pytest.importorskip("playwright.sync_api", reason="playwright is in the docs dependency group")


def cli_judge(data: dict, lang: str, tmp_path) -> tuple[int, str, dict]:
    """What `referee judge deal.json --lang LANG` prints (and its --json) for this transcript."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    runs = []
    for extra in ([], ["--json"]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["judge", str(path), "--lang", lang, *extra])
        runs.append((status, out.getvalue()))
    return runs[0][0], runs[0][1], json.loads(runs[1][1])


def illegal(data: dict, tmp_path) -> dict:
    """The legal transcript with one action moved to another seat: the first such change the
    command line calls illegal (exit 1)."""
    for index, action in enumerate(data["deals"][0]["actions"]):
        seats = len(data["deals"][0]["hands"])
        broken = copy.deepcopy(data)
        broken["deals"][0]["actions"][index]["seat"] = (action["seat"] + 1) % seats
        if cli_judge(broken, "en", tmp_path)[0] == 1:
            return broken
    raise AssertionError("no illegal change found")


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("deals")
    out = {}
    for game, name in LEGAL.items():
        legal = json.loads((GOLDEN / name).read_text("utf-8"))
        out[game] = {"legal": legal, "illegal": illegal(legal, tmp)}
    return out


class Offline:
    """A browser page that may read the book's own files and nothing else."""

    def __init__(self, chromium, allowed: str):
        self.outside: list[str] = []
        self.requests: list[str] = []
        self.page = chromium.new_page()  # with the tests' patience (`test_browser.limit_ms`)
        self.page.route("**/*", self._route)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("request", lambda r: None if r.url.startswith(allowed) else self.outside.append(r.url))
        self.allowed = allowed
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route):
        if route.request.url.startswith(self.allowed):
            route.continue_()
        else:
            route.abort()

    def open(self, url: str) -> None:
        """The page, waiting for its first judgement: of the referee only the manifest is loaded."""
        self.page.goto(url)
        self.wait("idle")
        self.page.wait_for_function("/[0-9]/.test(document.querySelector('.check-status').textContent)")  # the size
        assert self.bundle_requests() == [], "the referee is loaded before it is asked for"

    def bundle_requests(self) -> list[str]:
        return [url.split("/_pyodide/")[1] for url in self.requests if "/_pyodide/" in url]

    def wait(self, state: str, timeout: float | None = None) -> None:
        """Until the page says it is in `state` (its `data-state`, set by the page itself)."""
        self.page.wait_for_function(f"document.querySelector('.check-deal').dataset.state === '{state}'",
                                    timeout=limit_ms(PAGE_MS) if timeout is None else timeout)

    def judge(self, text: str) -> tuple[str, str, int]:
        """(verdict text, status line, milliseconds) for this paste."""
        self.page.evaluate("document.querySelector('.check-deal').dataset.state = 'asked'")
        self.page.fill(".check-text", text)
        self.page.click(".check-judge")
        self.wait("judged", LOAD_MS)  # the first judgement loads the referee first
        box = self.page.locator(".check-deal")
        return (self.page.locator(".check-verdict").text_content(), self.page.locator(".check-status").inner_text(),
                int(box.get_attribute("data-judge-ms")))


def _words(lang: str) -> dict:
    """The page's words in this language, as the built page carries them."""
    html = (SITE / lang / "check.html").read_text("utf-8")
    found = re.search(r'class="check-deal" data-config="([^"]*)"', html)
    return json.loads(unescape(found.group(1)))["words"]


def _anchor_exists(link: str) -> bool:
    page, anchor = link.split("#")
    path = SITE / page
    return path.is_file() and f'id="{anchor}"' in path.read_text("utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_page_judges_as_the_command_line(browser, site, deals, tmp_path, lang):  # noqa: F811
    tab = Offline(browser, site)
    tab.open(f"{site}/{lang}/check.html")
    assert tab.page.get_attribute("html", "lang") == lang
    timings, started = [], time.perf_counter()
    for game, pair in deals.items():
        for kind, data in pair.items():
            status, expected, as_json = cli_judge(data, lang, tmp_path)
            assert status == (0 if kind == "legal" else 1)
            shown, said, ms = tab.judge(json.dumps(data, ensure_ascii=False, indent=1))
            if not timings:  # the first judgement: the referee loaded, then judged
                to_verdict = time.perf_counter() - started
                load = int(tab.page.get_attribute(".check-deal", "data-load-ms")) / 1000
            timings.append(ms)
            assert shown == expected, f"{lang} {game} {kind}: the page and the command line differ"
            assert tab.page.get_attribute(".check-deal", "data-status") == str(status)
            if kind == "illegal":
                link = as_json["illegal"]["links"][0]
                assert _anchor_exists(link), link
                first = tab.page.locator(".check-links a.check-clause").first
                assert first.get_attribute("href") == f"../{link}"
                assert first.inner_text() == as_json["illegal"]["clauses"][0]
            # Below the verdict: what could be done where the deal stops (`referee legal`).
            assert tab.page.locator(".check-next").is_visible()
            assert tab.page.locator(".check-next pre").text_content().strip()
    # One clause link followed: it lands on the clause of the rules page in the same language.
    tab.page.locator(".check-links a.check-clause").first.click()
    tab.page.wait_for_url(re.compile(rf"/{lang}/bouillotte/rules\.html#"))
    anchor = tab.page.url.split("#")[1]
    assert tab.page.locator(f"[id='{anchor}']").count() == 1
    assert tab.outside == [], f"requests outside the book: {tab.outside[:5]}"
    assert tab.errors == []
    size = json.loads(BUNDLE.read_text())
    warm = timings[1:]
    print(f"\n[check page {lang}] first Judge to verdict {to_verdict:.1f} s (loading {load:.1f} s, "
          f"judging {timings[0]} ms); "
          f"then {min(warm)}-{max(warm)} ms (median {statistics.median(warm):.0f} ms); "
          f"bundle {size['bytes'] / 1e6:.1f} MB")
    tab.page.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_bad_input_gets_a_message(browser, site, lang):  # noqa: F811
    tab = Offline(browser, site)
    tab.open(f"{site}/{lang}/check.html")
    words = _words(lang)
    # Broken JSON: the place (line:column) and the referee's message, in the page's language.
    shown, said, _ = tab.judge('{\n "format": "referee-transcript/1",\n "deals": [,]\n}')
    assert "deal.json:3:" in shown and "Traceback" not in shown
    assert said == words["unusable"]
    assert tab.page.get_attribute(".check-deal", "data-status") == "2"
    # An enormous paste is refused at once, before the referee sees it.
    tab.page.evaluate(f"document.querySelector('.check-text').value = 'x'.repeat({PASTE_LIMIT + 1})")
    tab.page.click(".check-judge")
    said = tab.page.locator(".check-status").inner_text()
    assert said.startswith(words["too-long"].split("{")[0]) and "{" not in said
    assert tab.outside == [] and tab.errors == []
    tab.page.close()


def test_time_limit_restarts_the_referee(browser, site):  # noqa: F811
    """A judgement past the time limit stops the worker, which starts again and judges."""
    tab = Offline(browser, site)
    tab.open(f"{site}/en/check.html")
    # The time limit is read from the page's settings when a judgement starts: make it tiny.
    assert tab.page.evaluate("Boolean(window.__checkPage)"), "the page exposes its controller"
    tab.page.evaluate("window.__checkPage.config.judgeSeconds = 0.001")
    tab.page.fill(".check-text", (GOLDEN / "kierki-match-seed2.json").read_text("utf-8"))
    tab.page.click(".check-judge")
    tab.wait("timeout", LOAD_MS)  # after the first load
    assert tab.page.locator(".check-status").inner_text() == _words("en")["timeout"].format(seconds="0.001")
    tab.wait("ready", LOAD_MS)  # restarted, ready again
    tab.page.evaluate("window.__checkPage.config.judgeSeconds = 30")
    shown, _, _ = tab.judge((GOLDEN / "kierki-revoke.json").read_text("utf-8"))
    assert "K3.1" in shown
    assert tab.outside == [] and tab.errors == []
    tab.page.close()


def test_referee_loads_on_the_first_judge(browser, site):  # noqa: F811
    """Opening the page loads nothing of the referee, and the Judge button says its size; an
    empty paste loads nothing; the first Judge loads the referee's files as they are (no script
    wrapping them), the .wasm compiled while it streams, saying how far, then judges."""
    tab = Offline(browser, site)
    tab.open(f"{site}/pl/check.html")
    bundle = json.loads(BUNDLE.read_text())
    size = f"{bundle['bytes'] / 1e6:.0f}"
    words = _words("pl")
    assert tab.page.locator(".check-status").inner_text() == words["idle"].format(size=size)
    button = tab.page.locator(".check-judge")
    assert button.is_enabled() and button.inner_text() == words["judge-load"].format(size=size)
    tab.page.click(".check-judge")  # nothing pasted yet
    assert tab.page.locator(".check-status").inner_text() == words["empty"]
    assert tab.bundle_requests() == []
    tab.page.fill(".check-text", (GOLDEN / "kierki-revoke.json").read_text("utf-8"))
    tab.page.click(".check-judge")
    tab.page.wait_for_function("['loading', 'starting', 'ready', 'judging', 'judged']"
                               ".includes(document.querySelector('.check-deal').dataset.state)")
    tab.wait("judged", LOAD_MS)
    assert "NIEDOZWOLONE" in tab.page.locator(".check-verdict").text_content()
    assert tab.page.get_attribute(".check-deal", "data-streamed") == "true", "the .wasm was not compiled streaming"
    assert button.inner_text() == words["judge"]
    fetched = tab.bundle_requests()
    assert not [name for name in fetched if name.endswith(".whl.js") or name.endswith(".wasm.js")], fetched
    assert {f["path"] for f in bundle["files"] if f["name"] not in ("pyodide.js", "pyodide.asm.js")} <= set(fetched)
    assert tab.outside == [] and tab.errors == []
    tab.page.close()


@pytest.mark.parametrize("lang", LANGS)
def test_verdict_panel(browser, site, lang):  # noqa: F811
    """The verdict is set apart above the referee's text, red for ILLEGAL; hearts and diamonds are
    red; a Kierki deal is offered no action of another game; the cited clauses carry their titles."""
    from referee import i18n
    from referee.model import load_game
    tab = Offline(browser, site)
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.open(f"{site}/{lang}/check.html")
    shown, _, _ = tab.judge((GOLDEN / "kierki-revoke.json").read_text("utf-8"))
    head = tab.page.locator(".check-verdict-head")
    assert head.is_visible() and "check-verdict-illegal" in head.get_attribute("class")
    illegal = next(line for line in shown.splitlines() if "K3.1" in line and "4♣" in line and "♦" in line)
    assert head.inner_text() == illegal
    red = tab.page.locator(".check-verdict-head .suit-red").first
    assert red.inner_text() == "♦" and red.evaluate("e => getComputedStyle(e).color") == "rgb(192, 28, 40)"
    offered = tab.page.locator(".check-next pre").inner_text()
    assert "defend" not in offered and i18n.gettext(lang, "defend") not in offered, offered
    drawing = tab.page.locator(".check-drawing .referee-deal")  # the table at the illegal action
    assert drawing.is_visible() and i18n.gettext(lang, "Seat {seat}").format(seat=2) in drawing.inner_text()
    # All of the referee's own drawing is shown, every hand and the trick, at phone width too: each
    # cell's text as the page renders it, against the same cells of Deal.show(lang)'s HTML.
    shown_cells = drawing.locator("td").evaluate_all("cells => cells.map(c => c.innerText.replace(/\\s+/g, ''))")
    assert [c for c in shown_cells if c] == _drawing_cells(lang), shown_cells
    wide, room, overflow = drawing.evaluate("e => { const box = e.closest('.check-drawing'); "
                                            "return [box.scrollWidth, box.clientWidth, getComputedStyle(box).overflowX]; }")
    assert wide <= room, f"the drawing is {wide}px in {room}px at 390px: a hand is off-screen ({overflow})"
    drawing.screenshot(path=str(SHOTS / f"check-drawing-{lang}-phone.png"))
    first = tab.page.locator(".check-links li").first
    title = i18n.gettext(lang, load_game("kierki").clauses["K3.1"].title)
    assert first.inner_text() == f"K3.1 {title}"
    assert tab.outside == [] and tab.errors == []
    tab.page.close()


def _claim_from_the_first_lead(tmp_path) -> dict:
    """The golden Preferans deal stopped at the first lead by its declarer's claim of the rest (a
    whole ten-card deal for the search, the heavier kind `referee bench claim` times)."""
    data = json.loads((GOLDEN / "preferans-seed5.json").read_text("utf-8"))
    deal = data["deals"][0]
    deal["actions"] = deal["actions"][:next(i for i, a in enumerate(deal["actions"]) if a["action"].startswith("play "))]
    deal.pop("totals", None)
    declarer = cli_judge(data, "en", tmp_path)[2]["deals"][0]["declarer"]
    deal["actions"].append({"seat": declarer, "action": "claim rest"})
    return data


def test_a_claim_is_ruled_and_drawn_as_on_the_command_line(browser, site, tmp_path):  # noqa: F811
    """A claim of the rest from the first lead: the page rules it word for word as `referee
    judge`, and draws the table at the claim. The time of the whole judgement (`judge_pasted`: the
    verdict, its links and the two tables) in the page and in CPython is printed (`pytest -s`):
    measured, not asserted (issue 27's target is the browser within 3x)."""
    from referee.browser import judge_pasted
    data = _claim_from_the_first_lead(tmp_path)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    status, expected, _ = cli_judge(data, "en", tmp_path)
    assert status == 0 and "claims 10 of the 10 tricks left" in expected
    tab = Offline(browser, site)
    tab.open(f"{site}/en/check.html")
    tab.judge(text)  # the first judgement loads the referee
    page_ms = []
    for _ in range(2):
        shown, _, ms = tab.judge(text)
        assert shown == expected
        page_ms.append(ms)
    drawing = tab.page.locator(".check-drawing .referee-deal")
    assert drawing.is_visible() and "Seat 1" in drawing.inner_text()
    shown_cells = drawing.locator("td").evaluate_all("cells => cells.map(c => c.innerText.replace(/\\s+/g, ''))")
    assert [c for c in shown_cells if c] == _drawing_cells("en", text)  # the table at the claim, all ten cards a hand
    cpython_ms = []
    for _ in range(2):
        started = time.perf_counter()
        judge_pasted(text, "json", "en")
        cpython_ms.append(round((time.perf_counter() - started) * 1000))
    print(f"\n[check page claim] Preferans claim of the rest from the first lead: page {min(page_ms)} ms, "
          f"CPython {min(cpython_ms)} ms (judge_pasted, warm), {min(page_ms) / max(min(cpython_ms), 1):.1f}x")
    assert tab.outside == [] and tab.errors == []
    tab.page.close()


def _drawing_cells(lang: str, text: str | None = None) -> list[str]:
    """The text of each cell of the drawing the referee makes for a paste (the golden revoke by
    default: every <td>, an outer one with the text of the cells inside it, in document order,
    without whitespace), as the page's `innerText` of the same cells gives it."""
    import json as jsonlib
    from html.parser import HTMLParser

    from referee.browser import judge_pasted
    text = (GOLDEN / "kierki-revoke.json").read_text("utf-8") if text is None else text
    drawing = jsonlib.loads(judge_pasted(text, "json", lang))["drawing"]
    cells: list[list[str]] = []
    open_cells: list[int] = []

    class Cells(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "td":
                open_cells.append(len(cells))
                cells.append([])

        def handle_endtag(self, tag):
            if tag == "td":
                open_cells.pop()

        def handle_data(self, data):
            for i in open_cells:
                cells[i].append(data)

    Cells(convert_charrefs=True).feed(drawing)
    return [text for text in ("".join("".join(parts).split()) for parts in cells) if text]


def test_from_a_file_url_it_says_to_serve_the_book(browser):  # noqa: F811
    """Opened straight from the disk, where a page may not fetch its files, the page says that
    the book must be served, and loads nothing."""
    tab = Offline(browser, SITE.as_uri())
    tab.page.goto((SITE / "en" / "check.html").as_uri())
    tab.wait("unavailable")
    assert tab.page.locator(".check-status").inner_text() == _words("en")["needs-server"]
    assert tab.bundle_requests() == []
    assert tab.outside == [] and tab.errors == []
    tab.page.close()
