// The play page's table. Against bots alone, a move's answer carries every state up to the player's next
// decision, and the page shows them one by one at the bots' pace. At a table of several people, each state the
// server pushes over the WebSocket is swapped in, never going back to an older one; while the WebSocket is down
// (e.g. Redis is), the page fetches the table after each move instead, and once more on reconnecting, to catch
// up on the pushes it missed. Either way keyboard focus and the screen-reader announcer keep in step with the table.
(function () {
  "use strict";

  function table() { return document.getElementById("table"); }
  function shownStep() { var t = table(); return t ? Number(t.dataset.step) : -1; }
  function stepOf(html) { var m = /data-step="(\d+)"/.exec(html); return m ? Number(m[1]) : -1; }

  // At a table of several people, the person to move is told so: in the page's title (seen from another tab)
  // and by the screen-reader announcer.
  var plainTitle = document.title;
  function signalTurn(t) {
    if (!t.dataset.turnTitle) return;
    var mine = t.hasAttribute("data-your-turn");
    var wasMine = document.title !== plainTitle;
    document.title = mine ? t.dataset.turnTitle + plainTitle : plainTitle;
    return mine && !wasMine;
  }

  function afterSwap(previousLines) {
    var t = table();
    if (!t) return;
    var lines = t.querySelectorAll(".log li");
    var announcer = document.getElementById("announcer");
    if (announcer && lines.length > previousLines) {
      var fresh = Array.prototype.slice.call(lines, previousLines).map(function (li) {
        return li.firstChild ? li.firstChild.textContent.trim() : "";
      });
      announcer.textContent = fresh.join(" ");
    }
    if (signalTurn(t) && announcer) announcer.textContent += " " + t.dataset.turnSays;
    var log = t.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    if (!document.activeElement || document.activeElement === document.body) {
      var target = t.querySelector("[data-autofocus]");
      if (target) target.focus({ preventScroll: true });
    }
  }

  // A pushed table is rendered without a request, so its plain forms (the end screen's "Play again", "Next
  // game") carry no CSRF token: give them the page's own, the one HTMX sends with its requests (<body hx-headers>).
  function addCsrfTokens(root) {
    var headers = document.body.getAttribute("hx-headers");
    var token = headers ? JSON.parse(headers)["X-CSRFToken"] : "";
    if (!token) return;
    root.querySelectorAll("form[method=post]").forEach(function (form) {
      if (form.querySelector("[name=csrfmiddlewaretoken]")) return;
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "csrfmiddlewaretoken";
      input.value = token;
      form.prepend(input);
    });
  }

  function logLength() { var t = table(); return t ? t.querySelectorAll(".log li").length : 0; }

  // Disclosures marked data-remember ("What your seat knows") stay as the learner left them, open or closed:
  // the choice is kept in the browser and applied to every table the server sends (a swap, a push, a reload).
  var REMEMBERED = "details[data-remember]";
  function remembered(key) {
    try { return window.localStorage.getItem(key); } catch (error) { return null; }   // storage may be off
  }
  function remember(key, value) {
    try { window.localStorage.setItem(key, value); } catch (error) { /* the choice lasts this page only */ }
  }
  function restoreDisclosures(root) {
    root.querySelectorAll(REMEMBERED).forEach(function (details) {
      var state = remembered(details.dataset.remember);
      if (state !== null) details.open = state === "open";
    });
  }
  // A click on the summary opens or closes the disclosure once this event is done: note the choice now, not when
  // the later "toggle" event comes, so that a table swapped in meanwhile (a bot's move pushed) is not restored
  // from the choice before, which would open the panel again as the learner closes it.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest ? event.target.closest("summary") : null;
    var details = summary ? summary.parentElement : null;
    if (event.defaultPrevented || !details || !details.matches(REMEMBERED)
        || details.querySelector("summary") !== summary) return;
    remember(details.dataset.remember, details.open ? "closed" : "open");
  });
  // "toggle" does not bubble: listen while it is captured. It also catches a disclosure opened without a click.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches(REMEMBERED)) return;
    remember(details.dataset.remember, details.open ? "open" : "closed");
  }, true);
  // Before the fresh table is painted, so that an open panel never flashes shut.
  document.addEventListener("htmx:afterSwap", function () { restoreDisclosures(document); });

  // This page's own id, on its WebSocket's address and on each of its requests: the server then spares it the
  // push of the state its own move's answer already shows.
  var pageId = Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(12)), function (byte) {
    return ("0" + byte.toString(16)).slice(-2);
  }).join("");
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Table-Page"] = pageId;
  });

  // A table that arrives from the server outside an HTMX swap (a push, a state carried by a move's answer):
  // swapped in as HTMX would, unless the page shows a newer one already.
  function showTable(fresh) {
    if (!fresh || Number(fresh.dataset.step) <= shownStep()) return;
    // A state carried by a move's answer may hold only the log's new lines: the earlier ones are the table's now.
    var log = fresh.querySelector(".log[data-log-from]");
    if (log) {
      var earlier = Array.prototype.slice.call(table().querySelectorAll(".log > li"), 0, Number(log.dataset.logFrom));
      log.prepend.apply(log, earlier.map(function (line) { return line.cloneNode(true); }));
      log.removeAttribute("data-log-from");
    }
    restoreDisclosures(fresh);
    addCsrfTokens(fresh);
    var before = logLength();
    table().replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    afterSwap(before);
  }

  // The states a move's answer carries after the player's own move (the bots' replies, each a <template> in the
  // table), still to show; each waits its data-after-ms. A newer answer's states replace them.
  var following = [];
  var followingTimer = null;
  function playFollowing() {
    var t = table();
    clearTimeout(followingTimer);
    following = t ? Array.prototype.slice.call(t.querySelectorAll("template[data-following-step]")) : [];
    following.forEach(function (template) { template.remove(); });
    showNextFollowing();
  }
  function showNextFollowing() {
    var next = following.shift();
    if (!next) return;
    followingTimer = setTimeout(function () {
      showTable(next.content.firstElementChild);
      showNextFollowing();
    }, Number(next.dataset.afterMs) || 0);
  }

  var socket = null;
  var everConnected = false;
  var FIRST_RETRY_MS = 1000;
  var LONGEST_RETRY_MS = 10000;   // a page recovers within seconds of the server's return

  function live() { return socket !== null && socket.readyState === WebSocket.OPEN; }

  function fetchTable() {
    var t = table();
    if (!t || !window.htmx) return;
    window.htmx.ajax("GET", t.dataset.tableUrl, { target: "#table", swap: "outerHTML" });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "table") return;
    if (event.detail.xhr.status === 503) {
      // The database is restarting: the server's short alert goes above the table (HX-Reswap: afterbegin),
      // replacing an earlier one, and the table stays as it was.
      var earlier = target.querySelector(".outage-message");
      if (earlier) earlier.remove();
      event.detail.shouldSwap = true;
      event.detail.isError = false;
      return;
    }
    // A reply to a form can arrive after a newer pushed state: never swap the table backwards.
    var step = stepOf(event.detail.serverResponse);
    if (step >= 0 && step < shownStep()) event.detail.shouldSwap = false;
  });
  var linesBefore = 0;
  document.addEventListener("htmx:beforeSwap", function () { linesBefore = logLength(); });
  document.addEventListener("htmx:afterSettle", function (event) {
    afterSwap(linesBefore);
    playFollowing();
    // At a table of several people a move's reply shows only the player's own move; without the socket the
    // others' moves would never arrive, so ask for the table as it is now (a bot's replies were committed before
    // the reply was sent). (Not after a hint: it changes nothing, and fetching would take its panel away.)
    var config = event.detail.requestConfig;
    if (table() && table().dataset.ws && !live() && config && config.verb === "post" && event.detail.xhr &&
        event.detail.xhr.status === 200 && !/\/hint\/$/.test(config.path)) {
      fetchTable();
    }
  });

  function connect(delay) {
    var t = table();
    if (!t) return;
    if (!t.dataset.ws) {   // bots alone: the moves' answers bring everything (said for the tests that wait for it)
      document.documentElement.dataset.live = "not-needed";
      return;
    }
    if (!window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + t.dataset.ws + "?page=" + pageId);
    socket.onopen = function () {
      document.documentElement.dataset.live = "connected";
      // Pushes sent while the socket was down are lost: catch up once.
      if (everConnected) fetchTable();
      everConnected = true;
      delay = FIRST_RETRY_MS;
    };
    socket.onmessage = function (message) {
      var data = JSON.parse(message.data);
      if (!data.html || data.step <= shownStep()) return;
      var template = document.createElement("template");
      template.innerHTML = data.html.trim();
      showTable(template.content.firstElementChild);
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "disconnected";
      if (event.code === 4404) return;   // not this visitor's game: nothing to wait for
      setTimeout(function () { connect(Math.min(delay * 2, LONGEST_RETRY_MS)); }, delay);
    };
  }

  // A person at a table of several people: the page says now and then that they are there, so that no bot plays
  // for them; the server meanwhile lets a bot play for whoever is to move and has been away too long.
  var HERE_EVERY_MS = 20000;
  function sayImHere() {
    var t = table();
    if (!t || !t.dataset.hereUrl || !window.htmx) return;
    var headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    headers["X-Table-Page"] = pageId;
    fetch(t.dataset.hereUrl, { method: "POST", headers: headers, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (said) { if (said === "moved" && !live()) fetchTable(); })
      .catch(function () { /* offline for now: the next call says it */ })
      .then(function () { setTimeout(sayImHere, HERE_EVERY_MS); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var log = document.querySelector("#table .log");
    if (log) log.scrollTop = log.scrollHeight;   // the latest move first in sight
    if (table()) signalTurn(table());
    restoreDisclosures(document);
    connect(FIRST_RETRY_MS);
    sayImHere();
  });
})();
