// The rules pages' script (issue 36 item 3). The server writes a rules page in the language of
// ?lang= or of the browser's Accept-Language; the language chosen with the switch is kept in
// this browser (i18n.js): when there is one and it differs, the page asks the server for it
// (?lang=); without one the server's language stands. Then the page shows the switch of every
// top bar (D-74).

import { language, languageSwitch, loadLanguage } from "./i18n.js";

async function start() {
  const written = document.documentElement.lang || "en";
  const chosen = await loadLanguage(written);
  const url = new URL(window.location.href);
  if (chosen !== written && url.searchParams.get("lang") !== chosen) {
    url.searchParams.set("lang", chosen);
    window.location.replace(url.toString());
    return;
  }
  document.querySelector("header.topbar")?.append(languageSwitch());
  document.body.dataset.lang = language();
}

start();
