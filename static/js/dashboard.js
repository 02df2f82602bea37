// The live class dashboard: when the server says a student started or finished a round, ask for the
// dashboard again (over HTTP, where the teacher's permission is checked) and swap it in.
(function () {
  "use strict";

  function dashboard() { return document.getElementById("dashboard"); }

  function refresh() {
    var d = dashboard();
    if (!d || !window.htmx) return;
    window.htmx.ajax("GET", d.dataset.refresh, { target: "#dashboard", swap: "outerHTML" });
  }

  function connect(delay) {
    var d = dashboard();
    if (!d || !window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + d.dataset.ws);
    socket.onopen = function () {
      document.documentElement.dataset.live = "connected";
      if (delay > 1000) refresh();   // back after a break: catch up on what was missed
    };
    socket.onmessage = function (message) {
      if (JSON.parse(message.data).refresh) refresh();
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "disconnected";
      if (event.code === 4404) return;
      setTimeout(function () { connect(Math.min(delay * 2, 30000)); }, delay);
    };
  }

  document.addEventListener("DOMContentLoaded", function () { connect(1000); });
})();
