/* The rule book's own behaviour, on top of the theme's.
 *
 * 1. Every menu button works. Two themes attach their click handler to the *first*
 *    `.primary-toggle` (and `.secondary-toggle`) of the page, which is a button of the
 *    pydata header that sphinx-book-theme hides; the visible button in the article header then
 *    did nothing below 992px. A click on any other toggle is handed to the first one, so both
 *    themes' handlers run as they would for it.
 * 2. The language switcher keeps the place: the other language's link carries the current
 *    anchor (#K3.1), since every language has the same anchors.
 * 3. A search lands on the clause: Sphinx's search opens the page with the searched words
 *    (in localStorage or `?highlight=`) but at its top. When no anchor is asked for, the page
 *    scrolls to the clause that holds the most of the words, each or a word sharing its stem (the
 *    Polish and Croatian search stems words, so "lewy" finds a page that says "lewa"), and the
 *    address takes that clause's anchor.
 */
(function () {
  "use strict";

  function forwardToggles(selector) {
    var all = document.querySelectorAll(selector);
    if (all.length < 2) return;
    var first = all[0];
    Array.prototype.slice.call(all, 1).forEach(function (button) {
      button.addEventListener("click", function (event) {
        event.preventDefault();
        event.stopPropagation();
        first.click();
      });
    });
  }

  function keepAnchor() {
    document.querySelectorAll("a.lang-link").forEach(function (link) {
      var base = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", base + (window.location.hash || ""));
    });
  }

  // Read before sphinx_highlight.js consumes them.
  var searched = (function () {
    var terms = null;
    try { terms = window.localStorage.getItem("sphinx_highlight_terms"); } catch (e) { /* private mode */ }
    terms = terms || new URL(window.location.href).searchParams.get("highlight") || "";
    return terms.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 1; });
  })();

  function stemOf(word) {
    // A crude common stem: enough to let an inflected form find its clause.
    return word.length > 5 ? word.slice(0, word.length - 2) : word.length > 3 ? word.slice(0, word.length - 1) : word;
  }

  function landOnClause() {
    if (!searched.length || window.location.hash) return;
    var stems = searched.map(stemOf);
    var clauses = document.querySelectorAll(".rules-clause[id]");
    var best = null, bestScore = 0;
    for (var i = 0; i < clauses.length; i++) {
      var words = (clauses[i].textContent || "").toLowerCase().split(/[^\p{L}\p{N}.]+/u);
      // The clause that holds the most of the searched words (the first of those that hold as many).
      var score = stems.filter(function (stem) {
        return words.some(function (w) { return w.indexOf(stem) === 0; });
      }).length;
      if (score > bestScore) {
        best = clauses[i];
        bestScore = score;
      }
    }
    if (best) {
      history.replaceState(null, "", "#" + best.id);
      best.scrollIntoView();
      keepAnchor();
    }
  }

  /* The theme's "back to top" pill, which its Bootstrap bundle (not loaded: sphinx_light.py)
     used to run: shown while the reader scrolls back up below the header, a tap goes to the top.
     On a phone it stays hidden (referee.css), where it would sit over the text. */
  function backToTop() {
    var pill = document.getElementById("pst-back-to-top"), header = document.querySelector(".bd-header");
    if (!pill || !header) return;
    var below = header.getBoundingClientRect().bottom, last = window.scrollY;
    pill.addEventListener("click", function () { window.scrollTo(0, 0); });
    window.addEventListener("scroll", function () {
      pill.style.display = window.scrollY < last && window.scrollY > below ? "block" : "none";
      last = window.scrollY;
    }, {passive: true});
  }

  function start() {
    backToTop();
    forwardToggles(".primary-toggle");
    forwardToggles(".secondary-toggle");
    keepAnchor();
    window.addEventListener("hashchange", keepAnchor);
    landOnClause();
    // The switcher may sit in the menu's dialog on a phone: refresh its links when it is used.
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.lang-link");
      if (link) keepAnchor();
    }, true);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
