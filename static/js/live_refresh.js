// A page part that follows a group live: the class dashboard (a student started or finished a round), a table's
// seats before its game (somebody sat down, or the game started). When the server says it changed, ask for the
// part again over HTTP, where permissions are checked, and swap it in.
(function () {
  "use strict";

  function part() { return document.querySelector("[data-ws][data-refresh][id]"); }

  // A page sent elsewhere (HX-Redirect: the table's game has started) goes once. The answer to its own "Sit down"
  // and the refresh the same change caused may both say so; following the second would cut the first short.
  var leaving = false;
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    if (!event.detail.xhr.getResponseHeader("HX-Redirect")) return;
    if (leaving) event.preventDefault();
    leaving = true;
  });

  function refresh() {
    var d = part();
    if (!d || !window.htmx || leaving) return;
    window.htmx.ajax("GET", d.dataset.refresh, { target: "#" + d.id, swap: "outerHTML" });
  }

  function connect(delay) {
    var d = part();
    if (!d || !window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + d.dataset.ws);
    socket.onopen = function () {
      document.documentElement.dataset.live = "connected";
      // Back after a break, or a part that changes often (a table's seats): catch up on what was missed.
      if (delay > 1000 || d.hasAttribute("data-refresh-on-open")) refresh();
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
