/**
 * Starts the browser's JavaScript only after the first paint
 * (docs/decisions/002-hydrate-after-first-paint.md; Lighthouse mobile target, issue 2 §5).
 *
 * React Router's `<Scripts />` emits ~30 `<link rel="modulepreload">` tags (React hoists them
 * into `<head>`) and one inline `<script type="module">` that imports the route modules and
 * then the client entry, which hydrates. Left as they are, those ~200 KB of JavaScript download
 * next to the render-blocking stylesheet and the hydration work runs before the browser gets to
 * paint, so the first paint waits for code that only makes the already-rendered page
 * interactive. The server-rendered page is complete and works without JavaScript (forms are
 * plain GET forms), so nothing is lost by painting first.
 *
 * This module rewrites the finished HTML: the modulepreload links leave `<head>`, and the module
 * script becomes a small classic script that, after the next frame has been painted
 * (requestAnimationFrame, then a task), adds the same preload links and the same module script.
 * In a hidden tab (no frames) it starts at once. The loader carries the response's CSP nonce
 * (app/csp-nonce.ts, handed in by entry.server.tsx), and the module script and the preload links
 * it adds carry the loader's own nonce (with `'strict-dynamic'` a preload without the nonce would
 * be refused). Server only; pure string work.
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
/** React Router's module script, whatever the order of its attributes (its nonce comes first). */
const MODULE_SCRIPT = /<script(?=[^>]*\stype="module")[^>]*>([\s\S]*?)<\/script>/;

/** Serialises `value` for an inline script: JSON with `<` escaped so `</script>` cannot occur. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Returns `html` with its modulepreload links and React Router's module script replaced by a
 * loader that adds both after the first paint; the loader carries `nonce` (the response's CSP
 * nonce, base64) when given. HTML without React Router's module script (or without `</head>`) is
 * returned unchanged. The order of the preload links is kept.
 */
export function deferHydration(html: string, nonce?: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  let body = html.slice(headEnd);
  const script = MODULE_SCRIPT.exec(body);
  if (!script) return html;
  const hrefs = [...head.matchAll(PRELOAD)].map((m) => m[1] as string);
  const loader =
    `(function(){var h=${inlineJson(hrefs)},c=${inlineJson(script[1])},n=document.currentScript&&document.currentScript.nonce;` +
    "function go(){h.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;if(n)l.nonce=n;document.head.appendChild(l)});" +
    "var s=document.createElement('script');s.type='module';if(n)s.nonce=n;s.textContent=c;document.body.appendChild(s)}" +
    "if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()";
  const open = nonce ? `<script nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, "")}">` : "<script>";
  body = `${body.slice(0, script.index)}${open}${loader}</script>${body.slice(script.index + script[0].length)}`;
  return `${head.replace(PRELOAD, "")}${body}`;
}
