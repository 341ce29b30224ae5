/** Unit tests for deferHydration (app/defer-hydration.ts): scripts start after the first paint. */
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

const MODULE = `;
import * as route0 from "/assets/root-A.js";
window.__reactRouterRouteModules = {"root":route0};
window.__x = 1 < 2 ? "<!--" : "";
import("/assets/entry.client-B.js");`;

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head>' +
  "<body><main>Hello</main><script>window.__ctx = 1;</script>" +
  `<script type="module" async="">${MODULE}</script>` +
  "<script>window.__ctx.close();</script></body></html>";

/** Runs the inline loader of `html` in a fake document; returns what it appended and when. */
function runLoader(html: string, visibilityState: "visible" | "hidden") {
  const loader = /<script>(\(function\(\)\{var h=[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader script");
  const appended: { parent: string; el: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const element = () => ({}) as Record<string, string>;
  const document = {
    visibilityState,
    createElement: element,
    head: { appendChild: (el: Record<string, string>) => appended.push({ parent: "head", el }) },
    body: { appendChild: (el: Record<string, string>) => appended.push({ parent: "body", el }) },
  };
  runInNewContext(loader, {
    document,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  });
  return { appended, frames, timers };
}

describe("deferHydration", () => {
  it("removes the modulepreload links and the module script from the markup", () => {
    const out = deferHydration(PAGE);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/></head>');
    expect(out).toContain("<main>Hello</main><script>window.__ctx = 1;</script><script>(function(){");
    expect(out).toMatch(/<\/script><script>window\.__ctx\.close\(\);<\/script><\/body><\/html>$/);
    // "<" is escaped inside the loader, so no "<!--" or "</script>" can change how it parses.
    expect(out).not.toContain('"<!--"');
    expect(out.match(/<\/script>/g)).toHaveLength(3);
  });

  it("adds the same preloads and module script only after a frame and a task", () => {
    const { appended, frames, timers } = runLoader(deferHydration(PAGE), "visible");
    expect(appended).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(appended).toEqual([]);
    timers[0]?.();
    expect(appended.map((a) => [a.parent, a.el.rel ?? a.el.type, a.el.href ?? ""])).toEqual([
      ["head", "modulepreload", "/assets/entry.client-B.js"],
      ["head", "modulepreload", "/assets/root-A.js"],
      ["body", "module", ""],
    ]);
    expect(appended[2]?.el.textContent).toBe(MODULE);
  });

  it("starts at once in a hidden tab, which paints no frames", () => {
    const { appended, frames } = runLoader(deferHydration(PAGE), "hidden");
    expect(frames).toHaveLength(0);
    expect(appended).toHaveLength(3);
  });

  it("puts the response's nonce on the loader and finds React Router's nonced module script (issue 29)", () => {
    const nonce = "q7Zt1sBvR0mY2wOaU+f/3A==";
    const nonced = PAGE.replace(/<script/g, `<script nonce="${nonce}"`).replace(
      /<link rel="modulepreload" href="([^"]+)"\/>/g,
      `<link rel="modulepreload" href="$1" nonce="${nonce}"/>`,
    );
    const out = deferHydration(nonced, nonce);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    // Every script of the page, the loader included, carries the nonce.
    expect(out.match(/<script[\s>]/g)).toHaveLength(3);
    expect(out.split(`<script nonce="${nonce}">`).length - 1).toBe(3);
    const loader = /<script nonce="[^"]+">(\(function\(\)\{var h=[\s\S]*?)<\/script>/.exec(out)?.[1];
    expect(loader).toContain("/assets/entry.client-B.js");
  });

  it("leaves HTML without React Router's module script unchanged", () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>x</body></html>';
    expect(deferHydration(plain)).toBe(plain);
    expect(deferHydration("no document")).toBe("no document");
  });
});
