// pokercore serve: the front page. It offers the table in progress kept on this device; opened as the
// installed app (start_url /?source=app) it goes straight back to that table.
"use strict";
(function () {
  const NAMES = { binh: "Binh poker", draw: "five-card draw", holdem: "hold'em" };
  const r = resumable();
  if (!r || !NAMES[r.game]) return;
  const href = `/${r.game}?resume`;
  if (new URLSearchParams(location.search).get("source") === "app") { location.replace(href); return; }
  const box = document.getElementById("resume");
  document.getElementById("resume-text").textContent = `Your ${NAMES[r.game]} table is still open.`;
  document.getElementById("resume-link").href = href;
  box.classList.remove("hidden");
})();
