// The snippet `watch` injects into every HTML response it serves — never into files a build
// writes. It listens to ./event-stream: reloads the tab after a rebuild, swaps the
// stylesheet in place after a CSS-only change (no reload, no flash: the old sheet goes once the new
// one has loaded), and shows a build error as an overlay until a rebuild succeeds, saying what is
// under it: the last good site or page, or an error page when the page never rendered. Plain ES2017 in a string: it is sent as it is, with no bundler involved. Its text never
// changes, so watch's Content-Security-Policy allows it by one hash (docs/hardening.md); the
// generation and an error to show at once come in the element's data attributes.
import { escapeAttribute } from '../../media/escape';
import type { BuildErrorInfo } from './event-stream';
import { EVENTS_PATH } from './event-stream';

/** The overlay's inline style (in its shadow root); watch's Content-Security-Policy allows it by its hash. */
export const OVERLAY_STYLE =
  ':host{position:fixed;inset:0;z-index:2147483647;background:rgba(20,24,22,.72);display:flex;align-items:flex-start;justify-content:center;overflow:auto;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}' +
  '.box{margin:6vh 1rem;max-width:60rem;width:100%;background:#1d1f21;color:#e8e8e8;border-top:6px solid #e5484d;border-radius:6px;padding:1.25rem 1.5rem;box-shadow:0 10px 40px rgba(0,0,0,.5)}' +
  'h1{font:600 16px/1.4 system-ui,sans-serif;color:#ff8589;margin:0 0 .75rem}pre{white-space:pre-wrap;word-break:break-word;margin:0}' +
  'p{font:13px/1.4 system-ui,sans-serif;color:#a0a0a0;margin:1rem 0 0}button{float:right;background:none;border:0;color:#a0a0a0;font-size:20px;cursor:pointer}';

const CLIENT = String.raw`
(function () {
  var script = document.currentScript;
  var generation = Number(script.getAttribute('data-generation'));
  var initialError = JSON.parse(script.getAttribute('data-error') || 'null');
  var overlay = null;
  var SERVED = {
    'last-good-site': 'The last good version of the site is still being served.',
    'last-good-page': 'Below is this page as it last rendered without error.',
    'no-good-page': 'This page has not rendered without error since watch started: there is no good version of it to show yet.'
  };
  function hideOverlay() { if (overlay) { overlay.remove(); overlay = null; } }
  function showOverlay(error) {
    hideOverlay();
    overlay = document.createElement('hotel-site-error-overlay');
    var root = overlay.attachShadow({ mode: 'open' });
    root.innerHTML = '<style>' + __OVERLAY_STYLE__ + '</style><div class="box" role="alertdialog" aria-labelledby="t"><button type="button" aria-label="Close">×</button>' +
      '<h1 id="t"></h1><pre></pre><p></p></div>';
    root.querySelector('h1').textContent = 'hotel-site watch: ' + error.stage + ' failed';
    root.querySelector('p').textContent = (SERVED[error.served] || SERVED['last-good-site']) + ' Fix the file and save: this tab updates itself.';
    root.querySelector('pre').textContent = error.message;
    root.querySelector('button').addEventListener('click', hideOverlay);
    (document.body || document.documentElement).appendChild(overlay);
  }
  function swapStylesheet(href) {
    var links = document.querySelectorAll('link[rel="stylesheet"][href^="/assets/"]');
    if (!links.length) return location.reload();
    var old = links[links.length - 1];
    var next = old.cloneNode();
    next.href = href;
    next.addEventListener('load', function () { for (var i = 0; i < links.length; i++) links[i].remove(); });
    old.after(next);
  }
  function onReady(fn) { if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn); else fn(); }
  if (initialError) onReady(function () { showOverlay(initialError); });
  var source = new EventSource('__EVENTS_PATH__');
  source.addEventListener('hello', function (event) {
    // Rebuilt since this HTML was made (or while the server was away): fetch the current version.
    if (JSON.parse(event.data).generation !== generation) return location.reload();
    // For tests and the curious: the tab is listening.
    window.__hotelSiteWatch = { connected: true };
  });
  source.addEventListener('reload', function () { location.reload(); });
  source.addEventListener('css', function (event) {
    var data = JSON.parse(event.data);
    generation = data.generation;
    hideOverlay();
    swapStylesheet(data.href);
  });
  source.addEventListener('build-error', function (event) { onReady(function () { showOverlay(JSON.parse(event.data)); }); });
})();
`;

/** The script's text, the same in every response. */
export const LIVE_RELOAD_SCRIPT = CLIENT.replace('__EVENTS_PATH__', () => EVENTS_PATH).replace('__OVERLAY_STYLE__', () => JSON.stringify(OVERLAY_STYLE));

export function liveReloadSnippet(generation: number, error: BuildErrorInfo | null = null): string {
  const data = `data-generation="${generation}"${error ? ` data-error="${escapeAttribute(JSON.stringify(error))}"` : ''}`;
  return `<script data-hotel-site-watch ${data}>${LIVE_RELOAD_SCRIPT}</script>`;
}

/** Puts the snippet at the end of <head> (so it connects early), else in front of the document. */
export function injectSnippet(html: string, snippet: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? snippet + html : html.slice(0, at) + snippet + html.slice(at);
}
