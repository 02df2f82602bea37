// The live table: swaps in each state the server pushes over the WebSocket, never going back to an
// older one, and keeps keyboard focus and the screen-reader announcer in step with the table.
(function () {
  "use strict";

  function table() { return document.getElementById("table"); }
  function shownStep() { var t = table(); return t ? Number(t.dataset.step) : -1; }
  function stepOf(html) { var m = /data-step="(\d+)"/.exec(html); return m ? Number(m[1]) : -1; }

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
    var log = t.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    if (!document.activeElement || document.activeElement === document.body) {
      var target = t.querySelector("[data-autofocus]");
      if (target) target.focus({ preventScroll: true });
    }
  }

  function logLength() { var t = table(); return t ? t.querySelectorAll(".log li").length : 0; }

  // A reply to a form can arrive after a newer pushed state: never swap the table backwards.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table" &&
        stepOf(event.detail.serverResponse) < shownStep()) {
      event.detail.shouldSwap = false;
    }
  });
  var linesBefore = 0;
  document.addEventListener("htmx:beforeSwap", function () { linesBefore = logLength(); });
  document.addEventListener("htmx:afterSettle", function () { afterSwap(linesBefore); });

  function connect(delay) {
    var t = table();
    if (!t || !window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + t.dataset.ws);
    socket.onopen = function () { document.documentElement.dataset.live = "connected"; };
    socket.onmessage = function (message) {
      var data = JSON.parse(message.data);
      if (!data.html || data.step <= shownStep()) return;
      var template = document.createElement("template");
      template.innerHTML = data.html.trim();
      var fresh = template.content.firstElementChild;
      var before = logLength();
      table().replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
      afterSwap(before);
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "disconnected";
      if (event.code === 4404) return;   // not this visitor's game: nothing to wait for
      setTimeout(function () { connect(Math.min(delay * 2, 30000)); }, delay);
    };
  }

  document.addEventListener("DOMContentLoaded", function () {
    var log = document.querySelector("#table .log");
    if (log) log.scrollTop = log.scrollHeight;   // the latest move first in sight
    connect(1000);
  });
})();
