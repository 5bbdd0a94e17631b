// The Hall's only script of its own. Pages are whole without it; with it, a page listens to
// the Hall's live stream (server-sent events fed by the mission board and the presence roster)
// and asks htmx to re-read itself when something changed. Nothing here writes agent text into
// the page: htmx swaps in server-rendered, escaped HTML from the same origin.
(function () {
  "use strict";
  var body = document.body;
  if (!body || body.dataset.live !== "1" || !window.EventSource) { return; }
  var status = document.getElementById("live-status");
  function say(text) { if (status) { status.textContent = text; } }
  var q = "since=" + encodeURIComponent(body.dataset.since || "");
  if (body.dataset.brain) { q += "&brain=" + encodeURIComponent(body.dataset.brain); }
  if (body.dataset.roster && body.dataset.roster !== "0") { q += "&roster=" + encodeURIComponent(body.dataset.roster); }
  var es = new EventSource("/events?" + q);
  var changed = function () { body.dispatchEvent(new CustomEvent("hall:changed")); };
  es.addEventListener("open", function () { body.dataset.stream = "open"; say(""); });
  es.addEventListener("board", changed);
  es.addEventListener("roster", changed);
  es.addEventListener("gone", function (e) {
    var words = "";
    try { words = JSON.parse(e.data).words || ""; } catch (err) { words = ""; }
    say("Live updates paused: " + words + " Reconnecting…");
  });
  es.addEventListener("error", function () {
    if (es.readyState === EventSource.CLOSED) {
      body.dataset.stream = "closed";
      say("Live updates stopped (your session may have ended). Reload the page.");
    } else {
      say("Live updates interrupted; reconnecting from the last event seen…");
    }
  });
})();
