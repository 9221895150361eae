/* The rule book's own behaviour, on top of the theme's.
 *
 * 1. Every menu button works. Two themes attach their click handler to the *first*
 *    `.primary-toggle` (and `.secondary-toggle`) of the page, which is a button of the
 *    pydata header that sphinx-book-theme hides; the visible button in the article header then
 *    did nothing below 992px. A click on any other toggle is handed to the first one, so both
 *    themes' handlers run as they would for it.
 * 2. The language switcher keeps the place: the other language's link carries the current
 *    anchor (#K3.1), since every language has the same anchors.
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

  function start() {
    forwardToggles(".primary-toggle");
    forwardToggles(".secondary-toggle");
    keepAnchor();
    window.addEventListener("hashchange", keepAnchor);
    // The switcher may sit in the menu's dialog on a phone: refresh its links when it is used.
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.lang-link");
      if (link) keepAnchor();
    }, true);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
