/* The book's search page: the clauses that match the query, above Sphinx's list of pages.

   window.REFEREE_SEARCH (in the file named by window.REFEREE_SEARCH_DATA, which
   referee/sphinx_search.py writes beside the page and this script fetches on the first query)
   holds every clause the book shows, in the page's language: [page, ID, title, statement,
   variant?]. The query and
   the clauses are split and stemmed as Sphinx splits and stems them (`splitQuery`, `Stemmer`,
   `stopwords` of language_data.js), and each clause is scored:
     3 for each query word in its title, 1 for each one only in its statement,
     3 for each pair of query words that stand next to each other in the clause,
     6 if the title or the statement holds the query's words in a row ("all three players pass"),
     6 if the query holds the clause's whole title ("no queens"; "the cut" for "cut", but not a
       title that is mostly short words, such as Russian «С чего можно ходить» for «ходить»),
     and half a point more for a game's own clause than for a variant's.
   Up to eight clauses are listed, those scoring at least half the best, each linked to its
   anchor with the statement as its snippet. Sphinx's own results follow: among equal scores a
   variant page comes after a rules page (it repeats its parent's headings), and a page's
   snippet is taken from its clauses, not from the index of contents at its top. */
(function () {
  "use strict";
  var data = null;
  var MAX = 8;

  // The clauses, fetched once, on the first query; `then` runs when they are in (at once after).
  var waiting = null;
  function withClauses(then) {
    if (data) { then(); return; }
    if (!waiting) {
      waiting = [];
      var script = document.createElement("script");
      script.src = window.REFEREE_SEARCH_DATA;
      script.onload = function () {
        data = window.REFEREE_SEARCH;
        document.documentElement.dataset.refereeClauses = "ready";
        waiting.forEach(function (f) { f(); });
      };
      script.onerror = function () { document.documentElement.dataset.refereeClauses = "failed"; };
      document.head.appendChild(script);
    }
    waiting.push(then);
  }

  function words(text, stem, all) {
    var out = [];
    splitQuery(text.toLowerCase()).forEach(function (word) {
      if ((!all && stopwords.indexOf(word) !== -1) || /^\d+$/.test(word)) return;
      out.push(stem.stemWord(word));
    });
    return out;
  }

  function pairs(list) {
    var out = {};
    for (var i = 0; i + 1 < list.length; i++) out[list[i] + " " + list[i + 1]] = true;
    return out;
  }

  function within(part, whole) {
    return (" " + whole.join(" ") + " ").indexOf(" " + part.join(" ") + " ") !== -1;
  }

  // Every word of `part` is among `whole`, in any order (the words "points of the queen" are
  // among those of a title "The queen: her points").
  function allIn(part, whole) {
    return part.every(function (w) { return whole.indexOf(w) !== -1; });
  }

  var cache = null;
  function prepared(stem) {
    cache = cache || data.clauses.map(function (entry) {
      var title = words(entry[2], stem), text = words(entry[3], stem);
      var inTitle = {}, inText = {};
      title.forEach(function (w) { inTitle[w] = true; });
      text.forEach(function (w) { inText[w] = true; });
      return {page: entry[0], id: entry[1], title: entry[2], text: entry[3], variant: entry[4],
              titleWords: title, textWords: text, wholeTitle: words(entry[2], stem, true),
              inTitle: inTitle, inText: inText, pairs: Object.assign(pairs(title), pairs(text))};
    });
    return cache;
  }

  function rank(query) {
    var stem = new Stemmer();
    var asked = words(query, stem), askedAll = words(query, stem, true);
    var terms = asked.filter(function (w, i) { return asked.indexOf(w) === i; });
    if (!terms.length) return [];
    var queryPairs = Object.keys(pairs(asked));
    var found = [];
    prepared(stem).forEach(function (clause) {
      var score = 0, matched = 0;
      terms.forEach(function (term) {
        if (clause.inTitle[term]) { score += 3; matched += 1; }
        else if (clause.inText[term]) { score += 1; matched += 1; }
      });
      if (!matched) return;
      queryPairs.forEach(function (pair) { if (clause.pairs[pair]) score += 3; });
      if (asked.length > 1 && (within(asked, clause.titleWords) || within(asked, clause.textWords))) score += 6;
      var core = clause.titleWords, whole = clause.wholeTitle;  // the title without, and with, its short words
      if (whole.length && (within(whole, askedAll) || (core.length && core.length * 2 >= whole.length && allIn(core, asked)))) {
        score += 6;
      }
      if (!clause.variant) score += 0.5;
      found.push({clause: clause, score: score});
    });
    found.sort(function (a, b) { return b.score - a.score; });  // stable: page order among equals
    if (!found.length) return [];
    var best = found[0].score;
    return found.filter(function (f) { return f.score >= best / 2; }).slice(0, MAX);
  }

  function show(query) {
    var found = rank(query), out = document.getElementById("search-results");
    var old = document.getElementById("referee-clauses");
    if (old) old.remove();
    if (!out || !found.length) return;
    var box = document.createElement("div");
    box.id = "referee-clauses";
    box.className = "referee-clauses";
    var head = box.appendChild(document.createElement("h2"));
    head.textContent = data.words.clauses;
    var list = box.appendChild(document.createElement("ul"));
    list.className = "search referee-clause-results";
    found.forEach(function (f) {
      var clause = f.clause, page = data.pages[clause.page];
      var item = list.appendChild(document.createElement("li"));
      var link = item.appendChild(document.createElement("a"));
      link.href = page[0] + "#" + clause.id;
      link.dataset.score = f.score;
      var id = link.appendChild(document.createElement("span"));
      id.className = "referee-clause-id";
      id.textContent = clause.id;
      link.appendChild(document.createTextNode(clause.title ? " " + clause.title : ""));
      var where = item.appendChild(document.createElement("span"));
      where.className = "referee-clause-page";
      where.textContent = " · " + page[1];
      var text = item.appendChild(document.createElement("p"));
      text.className = "context";
      text.textContent = clause.text;
    });
    out.insertBefore(box, out.firstChild);
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED && typeof _highlightText === "function") {
      splitQuery(query.toLowerCase()).forEach(function (term) {
        if (term.length > 2 && stopwords.indexOf(term) === -1) _highlightText(list, term, "highlighted");
      });
    }
  }

  function patch() {
    if (typeof Search === "undefined" || typeof Scorer === "undefined") return;
    var query = Search.query;
    Search.query = function (q) {
      query(q);
      withClauses(function () { show(q); });
    };
    // A variant page repeats its parent's headings: below the rules pages that score the same.
    Scorer.score = function (result) {
      return result[4] - (String(result[0]).indexOf("variants/") === 0 ? 1 : 0);
    };
    // A page's snippet from its text without the index of contents at its top; an anchor is
    // found by its ID (clause IDs hold dots, which a CSS selector would misread).
    Search.htmlToText = function (html, anchor) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      doc.querySelectorAll(".headerlink, script, style, nav, h1, .rules-index, .rules-formal").forEach(function (el) {
        el.remove();
      });
      var main = doc.querySelector("article.bd-article") || doc.querySelector('[role="main"]');
      var part = anchor ? doc.getElementById(anchor.replace(/^#/, "")) : null;
      return ((part || main) || {textContent: ""}).textContent;
    };
  }

  // For tests and the console: the clauses a query finds, best first, as "page#ID".
  window.__refereeSearch = function (query) {
    if (!data) return null;  // not fetched yet: the page has had no query
    return rank(query).map(function (f) { return f.clause.page + "#" + f.clause.id; });
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", patch);
  else patch();
})();
