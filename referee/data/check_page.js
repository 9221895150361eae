/* "Check a deal": the referee judges a pasted deal in the reader's browser.

   The page loads the bundle made by scripts/browser-bundle (Pyodide, the referee's wheels) as
   plain <script> files from ../_pyodide/, so it works from any static host and from file://,
   where a page may neither fetch() nor start a worker from a file. Only the bundle's manifest is
   loaded with the page (to say the size); the referee itself (about 19 MB) is loaded when the
   reader first asks for a judgement, which then runs as soon as it is ready. The worker is made from a
   Blob and gets every file by postMessage; its fetch() answers only from those files, so Python
   never reaches the network. A judgement that runs past the time limit stops the worker, which
   starts again from the files the page keeps. */
(function () {
  "use strict";

  /* The worker: Pyodide, the wheels unpacked into site-packages, then referee.browser. */
  function workerMain() {
    var judge = null, warmUp = null;
    function bytes(file) {
      if (file.text !== undefined) return new TextEncoder().encode(file.text);
      var raw = atob(file.base64), out = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
      return out;
    }
    async function start(message) {
      var files = {};
      for (var name in message.files) files[name] = bytes(message.files[name]);
      self.fetch = async function (url) {
        var wanted = String(url).split("/").pop();
        if (!(wanted in files)) throw new TypeError("not in the referee's bundle: " + wanted);
        var type = wanted.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
        return new Response(files[wanted], {headers: {"Content-Type": type}});
      };
      ["pyodide.asm.js", "pyodide.js"].forEach(function (script) {
        importScripts(URL.createObjectURL(new Blob([files[script]], {type: "text/javascript"})));
      });
      var pyodide = await self.loadPyodide({indexURL: "referee-bundle:/", stdout: function () {}, stderr: function () {}});
      var site = pyodide.runPython("import site; site.getsitepackages()[0]");
      message.wheels.forEach(function (wheel) { pyodide.FS.writeFile("/tmp/" + wheel, files[wheel]); });
      pyodide.globals.set("referee_wheels", pyodide.toPy(message.wheels.map(function (w) { return "/tmp/" + w; })));
      pyodide.runPython(
        "import importlib, zipfile\n" +
        "for wheel in referee_wheels:\n" +
        "    zipfile.ZipFile(wheel).extractall(" + JSON.stringify(site) + ")\n" +
        "importlib.invalidate_caches()\n" +
        "from referee.browser import judge_pasted, warm_up\n");
      judge = pyodide.globals.get("judge_pasted");
      warmUp = pyodide.globals.get("warm_up");
    }
    self.onmessage = async function (event) {
      var message = event.data;
      try {
        if (message.type === "start") {
          await start(message);
          self.postMessage({type: "ready"});
          try { warmUp(); } catch (error) { /* the first judgement builds it again and reports any error */ }
        } else {
          var result = judge(message.text, message.format, message.lang, message.params, message.rules);
          self.postMessage({type: "verdict", id: message.id, result: JSON.parse(result)});
        }
      } catch (error) {
        // A Python error's message ends with its last line; the traceback above it is not for readers.
        var detail = String(error && error.message || error).trim().split("\n").pop();
        self.postMessage({type: "failed", id: message.id, detail: detail});
      }
    };
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, key) { return key in values ? values[key] : whole; });
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function script(src) {
    return new Promise(function (resolve, reject) {
      var tag = element("script", {src: src});
      tag.onload = resolve;
      tag.onerror = function () { reject(new Error(src)); };
      document.head.appendChild(tag);
    });
  }

  /* The bundle's manifest (a small script): what the referee is made of and its size. */
  function loadManifest(base) {
    return script(base + "bundle.js").then(function () { return self.REFEREE_BUNDLE_MANIFEST; });
  }

  /* Load each bundled file by a <script>, reporting the share of bytes loaded. */
  function loadBundle(base, manifest, onProgress) {
    var done = 0;
    return Promise.all(manifest.files.map(function (file) {
      return script(base + file.script).then(function () {
        done += file.script_bytes;
        onProgress(done / manifest.script_bytes);
      });
    })).then(function () { return manifest; });
  }

  function CheckPage(root) {
    this.root = root;
    this.config = JSON.parse(root.dataset.config);
    this.words = this.config.words;
    this.byRules = {};
    this.byName = {};
    this.asked = 0;
    this.pending = null;
    var self = this;
    this.config.games.forEach(function (game) { self.byRules[game.rules] = game; self.byName[game.name] = game; });
    ["format", "game", "readings", "text", "judge", "status", "progress", "verdict", "verdict-head", "drawing", "next", "links"].forEach(function (part) {
      self[part] = root.querySelector(".check-" + part);
    });
    this.config.games.forEach(function (game) {
      self.game.appendChild(element("option", {value: game.rules}, game.title));
    });
    this.game.addEventListener("change", function () { self.showReadings(); });
    this.text.addEventListener("input", function () { self.showReadings(); });
    this.judge.addEventListener("click", function () { self.ask(); });
    this.text.addEventListener("keydown", function (event) {  // Ctrl+Enter judges from the keyboard
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !self.judge.disabled) self.ask();
    });
  }

  CheckPage.prototype.say = function (key, values) {
    this.status.textContent = fill(this.words[key], values || {});
  };

  /* The game whose readings are offered: the one picked, or the one a JSON transcript names. */
  CheckPage.prototype.currentGame = function () {
    if (this.game.value) return this.byRules[this.game.value];
    var named = /"game"\s*:\s*"([a-z0-9_]+)"/.exec(this.text.value.slice(0, 4000));
    return named ? this.byName[named[1]] : null;
  };

  CheckPage.prototype.showReadings = function () {
    var game = this.currentGame(), box = this.readings, self = this;
    if (box.dataset.game === (game ? game.rules : "")) return;
    box.dataset.game = game ? game.rules : "";
    box.querySelectorAll("label").forEach(function (label) { label.remove(); });
    box.hidden = !game || !game.readings.length;
    if (!game) return;
    game.readings.forEach(function (reading) {
      var label = element("label", {}, reading.question), input;
      if (reading.choices.length) {
        input = element("select", {"data-param": reading.name, "data-default": reading.default});
        reading.choices.forEach(function (choice) {
          var text = choice[1] + (choice[0] === reading.default ? " (" + self.words["default"] + ")" : "");
          var option = element("option", {value: choice[0]}, text);
          option.selected = choice[0] === reading.default;
          input.appendChild(option);
        });
      } else {
        input = element("input", {type: "number", min: reading.low, max: reading.high, value: reading.default,
                                  "data-param": reading.name, "data-default": reading.default, inputmode: "numeric"});
      }
      label.appendChild(input);
      box.appendChild(label);
    });
  };

  CheckPage.prototype.start = function () {
    var self = this, limit = this.config.loadSeconds * 1000;
    if (this.worker) this.worker.terminate();
    var source = "(" + workerMain.toString() + ")()";
    this.worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
    this.worker.onmessage = function (event) { self.answer(event.data); };
    this.startedAt = performance.now();
    this.timer = setTimeout(function () { self.stopped("failed"); }, limit);
    if (!this.restarting) this.say("starting");
    var files = {};
    this.manifest.files.forEach(function (file) { files[file.name] = self.REFEREE_BUNDLE[file.name]; });
    var wheels = this.manifest.files.filter(function (f) { return f.kind === "wheel"; }).map(function (f) { return f.name; });
    this.worker.postMessage({type: "start", files: files, wheels: wheels});
  };

  CheckPage.prototype.stopped = function (key) {
    clearTimeout(this.timer);
    this.judge.disabled = true;
    this.say(key, {seconds: this.config.judgeSeconds});
    this.root.dataset.state = key;
    this.restarting = key === "timeout";  // the message stays until the next judgement
    if (this.restarting) this.start();
  };

  CheckPage.prototype.answer = function (message) {
    clearTimeout(this.timer);
    if (message.type === "ready") {
      this.root.dataset.loadMs = Math.round(performance.now() - this.loadStarted);
      this.root.dataset.state = "ready";
      this.judge.disabled = false;
      if (this.waiting) {  // the judgement the reader asked for, which started the loading
        this.waiting = false;
        return this.ask();
      }
      if (!this.restarting) this.say("ready");
      return;
    }
    if (message.type === "failed" && message.id === undefined) return this.stopped("failed");
    if (message.id !== this.asked) return;
    var result = message.result || {status: 2, text: "", error: message.detail, links: []};
    this.root.dataset.judgeMs = Math.round(performance.now() - this.askedAt);
    this.judge.disabled = false;
    this.show(result);
    this.say(result.status === 2 ? "unusable" : "done", {seconds: (this.root.dataset.judgeMs / 1000).toFixed(1)});
    this.root.dataset.state = "judged";
    this.root.dataset.status = result.status;
  };

  /* The verdict as the command line prints it, with each cited clause linked to its rules page
     (every link of a judgement goes to one page: the game's or the variant's) and the red suits
     in red. Above it, set apart, its line of verdict (ILLEGAL ..., that every action is legal, or
     the match's result), or the reason the deal could not be judged. */
  var CLAUSE_ID = /\b([A-Z]{1,3}[0-9]+(?:\.[0-9]+)+)\b/;
  function suits(into, text) {
    text.split(/([\u2665\u2666])/).forEach(function (piece, index) {
      if (index % 2 === 1) into.appendChild(element("span", {class: "suit-red"}, piece));
      else if (piece) into.appendChild(document.createTextNode(piece));
    });
  }
  CheckPage.prototype.show = function (result) {
    var text = result.status === 2 ? result.error.replace(/^referee: /, "") : result.text;
    var root = this.config.root, page = result.links.length ? root + result.links[0].split("#")[0] : null;
    function linked(into, text) {
      into.textContent = "";
      text.split(page ? CLAUSE_ID : /$^/).forEach(function (piece, index) {
        if (index % 2 === 1) into.appendChild(element("a", {href: page + "#" + piece}, piece));
        else suits(into, piece);
      });
    }
    var headline = result.status === 2 ? text.trim().split("\n")[0] : result.headline || "";
    linked(this["verdict-head"], headline);
    this["verdict-head"].className = "check-verdict-head " +
      ["check-verdict-legal", "check-verdict-illegal", "check-verdict-unusable"][result.status];
    this["verdict-head"].hidden = !headline;
    linked(this.verdict, text);
    this.verdict.hidden = false;
    linked(this.next.querySelector("pre"), result.next || "");
    this.next.hidden = !result.next;
    // The table at the illegal action, drawn by the referee (referee/drawing.py: every text in it
    // escaped there, so it is set as HTML).
    this.drawing.innerHTML = result.drawing || "";
    this.drawing.hidden = !result.drawing;
    var list = this.links.querySelector("ul"), game = this.byName[result.game];
    list.textContent = "";
    result.links.forEach(function (link) {
      var id = link.split("#")[1], title = game && game.clauses[id];
      var item = element("li");
      var anchor = item.appendChild(element("a", {href: root + link, class: "check-clause"}, id));
      if (title) item.appendChild(document.createTextNode(" " + title));
      list.appendChild(item);
      anchor.dataset.title = title || "";
    });
    this.links.hidden = !result.links.length;
  };

  CheckPage.prototype.ask = function () {
    var text = this.text.value, self = this;
    if (!text.trim()) return this.say("empty");
    if (text.length > this.config.limit) {
      return this.say("too-long", {size: text.length.toLocaleString(), limit: this.config.limit.toLocaleString()});
    }
    if (!this.worker) {  // the first judgement: load the referee, then judge
      this.waiting = true;
      return this.load();
    }
    var format = this.format.value === "auto" ? (/^\s*[{[]/.test(text) ? "json" : "deal") : this.format.value;
    var params = [];
    this.readings.querySelectorAll("[data-param]").forEach(function (input) {
      if (String(input.value) !== input.dataset.default) params.push(input.dataset.param + "=" + input.value);
    });
    this.asked += 1;
    this.restarting = false;
    this.askedAt = performance.now();
    this.judge.disabled = true;
    this.say("judging");
    this.root.dataset.state = "judging";
    this.timer = setTimeout(function () { self.stopped("timeout"); }, this.config.judgeSeconds * 1000);
    this.worker.postMessage({type: "judge", id: this.asked, text: text, format: format, lang: this.config.lang,
                             params: params, rules: this.game.value || null});
  };

  /* Before the first judgement: the referee's size, from its manifest, and nothing else. */
  CheckPage.prototype.idle = function () {
    var self = this;
    this.root.dataset.state = "idle";
    this.judge.disabled = false;
    this.progress.hidden = true;
    loadManifest(this.config.bundle).then(function (manifest) {
      self.manifest = manifest;
      if (self.root.dataset.state !== "idle") return;
      self.say("idle", {size: (manifest.script_bytes / 1e6).toLocaleString(self.config.lang, {maximumFractionDigits: 0})});
    }, function () { self.stopped("failed"); });
  };

  CheckPage.prototype.load = function () {
    var self = this;
    if (this.loading) return;
    this.loading = true;
    this.judge.disabled = true;
    this.loadStarted = performance.now();
    this.root.dataset.state = "loading";
    this.progress.hidden = false;
    this.say("loading", {percent: 0});
    (this.manifest ? Promise.resolve(this.manifest) : loadManifest(this.config.bundle)).then(function (manifest) {
      return loadBundle(self.config.bundle, manifest, function (share) {
        self.progress.value = Math.round(share * 100);
        self.say("loading", {percent: Math.round(share * 100)});
      });
    }).then(function (manifest) {
      self.manifest = manifest;
      self.REFEREE_BUNDLE = window.REFEREE_BUNDLE;
      self.progress.hidden = true;
      self.start();
    }, function () { self.stopped("failed"); });
  };

  function init() {
    document.querySelectorAll(".check-deal").forEach(function (root) {
      var page = window.__checkPage = new CheckPage(root);  // the last form, for tests and the console
      page.showReadings();
      page.idle();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
