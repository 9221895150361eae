/* "Check a deal": the referee judges a pasted deal in the reader's browser.

   The referee is the bundle made by scripts/browser-bundle (Pyodide, the referee's wheels), the
   files as they are in ../_pyodide/, one address for the four languages, so that the browser's
   cache serves them to every language and visit after the first. Nothing of it is loaded with
   the page: its size (written into the page's settings) is on the Judge button, and the first
   Judge reads its manifest (bundle.json, asked afresh: a new build names new files), loads it,
   then judges. A web worker made from a Blob loads Pyodide
   from those files, its .wasm compiled while it streams in, and unpacks the wheels; Python never
   reaches the network. A page opened from the disk (file://) cannot fetch files or start such a
   worker: it says so and loads nothing. A judgement that runs past the time limit stops the
   worker, which starts again from the browser's cache. */
(function () {
  "use strict";

  /* The worker: Pyodide from the bundle's runtime folder, the wheels unpacked into
     site-packages, then referee.browser. It reports the bytes it has received as they arrive. */
  function workerMain() {
    var judge = null, warmUp = null, streamed = false;
    async function start(message) {
      var network = self.fetch.bind(self), received = 0;
      function count(response) {  // a copy of the response read beside the original, for the bytes only
        var reader = response.body.getReader();
        (function next() {
          reader.read().then(function (part) {
            if (part.done) return;
            received += part.value.byteLength;
            self.postMessage({type: "progress", received: received});
            next();
          }, function () {});
        })();
      }
      self.fetch = function (url, options) {
        return network(url, options).then(function (response) {
          if (response.ok && response.body) count(response.clone());
          return response;
        });
      };
      var streaming = WebAssembly.instantiateStreaming;
      WebAssembly.instantiateStreaming = function () {  // Pyodide compiles its .wasm as it arrives
        streamed = true;
        return streaming.apply(WebAssembly, arguments);
      };
      var runtime = message.base + message.manifest.runtime;
      importScripts(runtime + "pyodide.js");
      var pyodide = await self.loadPyodide({indexURL: runtime, stdout: function () {}, stderr: function () {}});
      var site = pyodide.runPython("import site; site.getsitepackages()[0]");
      var wheels = message.manifest.files.filter(function (f) { return f.kind === "wheel"; });
      var paths = await Promise.all(wheels.map(async function (wheel) {
        var response = await self.fetch(message.base + wheel.path);
        if (!response.ok) throw new Error(wheel.path + ": " + response.status);
        pyodide.FS.writeFile("/tmp/" + wheel.name, new Uint8Array(await response.arrayBuffer()));
        return "/tmp/" + wheel.name;
      }));
      pyodide.globals.set("referee_wheels", pyodide.toPy(paths));
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
          self.postMessage({type: "ready", streamed: streamed});
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
    this.worker.postMessage({type: "start", base: new URL(this.config.bundle, window.location.href).href,
                             manifest: this.manifest});
  };

  /* The bytes the worker has received, of those it fetches (Pyodide's two scripts it imports). */
  CheckPage.prototype.received = function (count) {
    if (this.restarting || this.root.dataset.state !== "loading") return;
    var total = this.manifest.files.reduce(function (sum, f) { return /\.js$/.test(f.name) ? sum : sum + f.bytes; }, 0);
    var percent = Math.min(100, Math.round(100 * count / total));
    this.progress.value = percent;
    if (percent < 100) return this.say("loading", {percent: percent});
    this.progress.hidden = true;
    this.say("starting");
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
    if (message.type === "progress") return this.received(message.received);
    clearTimeout(this.timer);
    if (message.type === "ready") {
      this.root.dataset.loadMs = Math.round(performance.now() - this.loadStarted);
      this.root.dataset.streamed = message.streamed;
      this.root.dataset.state = "ready";
      this.progress.hidden = true;
      this.judge.textContent = this.words.judge;
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
    // The table at the illegal action (or at a recorded claim), drawn by the referee
    // (referee/drawing.py: every text in it escaped there, so it is set as HTML).
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

  /* Before the first judgement: the referee's size on the button, and nothing loaded. */
  CheckPage.prototype.idle = function () {
    this.progress.hidden = true;
    if (window.location.protocol === "file:" || !this.config.bundleBytes || !window.Worker) {
      this.root.dataset.state = "unavailable";
      return this.say(window.location.protocol === "file:" ? "needs-server" : "failed");
    }
    var size = (this.config.bundleBytes / 1e6).toLocaleString(this.config.lang, {maximumFractionDigits: 0});
    this.judge.textContent = fill(this.words["judge-load"], {size: size});
    this.judge.disabled = false;
    this.root.dataset.state = "idle";
    this.say("idle", {size: size});
  };

  CheckPage.prototype.load = function () {
    if (this.loading) return;
    this.loading = true;
    this.judge.disabled = true;
    this.loadStarted = performance.now();
    this.root.dataset.state = "loading";
    this.progress.value = 0;
    this.progress.hidden = false;
    this.say("loading", {percent: 0});
    var self = this;
    fetch(this.config.bundle + "bundle.json", {cache: "no-cache"}).then(function (response) {
      if (!response.ok) throw new Error("bundle.json: " + response.status);
      return response.json();
    }).then(function (manifest) {
      self.manifest = manifest;
      self.start();
    }).catch(function () { self.stopped("failed"); });
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
