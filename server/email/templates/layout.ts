/**
 * The shared frame of every LexAtlas email and the renderer that turns an email's content into
 * its two parts (issue 13 §4 "Email templates in one module … each with an HTML and a text
 * part").
 *
 * Why `.ts` with `createElement` (aliased `h`) and not `.tsx`: the server runs its TypeScript
 * directly under Node 24 (`npm start` → scripts/start.ts → server/main.ts, no bundler), and
 * Node's type stripping refuses `.tsx` (JSX is syntax, not a type). Vite builds only app/, so
 * server/ cannot rely on it. `h(Component, props, ...children)` is exactly what the JSX compiler
 * would emit, so the templates are still React Email components, rendered by
 * `@react-email/render`.
 *
 * Why the text part is not `render(…, { plainText: true })`: html-to-text re-wraps lines, turns
 * links into "label [url]" and changes spacing, while the text part must stay word for word
 * what the services sent before (journeys and tests read links from it, one per line). So a
 * template describes its content once, as blocks of lines from the catalog (catalog.ts), and
 * both parts are derived from the same blocks: `textOf` writes the lines as they are, `Layout`
 * lays them out with React Email components. Everything a user typed is a React text child or
 * attribute, so React escapes it in the HTML part; subjects go through `oneLine`, so no text can
 * start a header of its own.
 */
import { Body, Button, Container, Head, Html, Link, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { dirOf, isLocale } from "../../../lib/i18n/locales.ts";
import type { Locale } from "./catalog.ts";

/** A link: in the text part its URL alone; in HTML an <a> showing `label` (default: the URL), or a button. */
export interface LinkPart {
  href: string;
  /** The visible text in HTML; the text part always shows the URL. */
  label?: string;
  /** Shows the link as a button (HTML only). */
  button?: boolean;
}

/** Text a person typed, shown as written: line breaks kept (pre-wrap in HTML). */
export interface VerbatimPart {
  verbatim: string;
}

/** Quoted text: every line prefixed with "> " in the text part, an indented block in HTML. */
export interface QuotePart {
  quote: string;
}

/** One line of a block: text, a link, text with links inside it, verbatim or quoted text. */
export type Line = string | LinkPart | VerbatimPart | QuotePart | Array<string | LinkPart>;

/** A paragraph: lines joined by "\n" in the text part; blocks are separated by a blank line. */
export interface Block {
  lines: Line[];
  /**
   * The lines are one sentence hard-wrapped for the text part: HTML joins them with a space
   * instead of a line break.
   */
  flow?: boolean;
}

/** What a template describes: the subject and the blocks of the body. */
export interface EmailContent {
  subject: string;
  /** Cut the subject to this many characters (with "…"); default: not cut. */
  subjectMaxLength?: number;
  blocks: Block[];
}

/** A rendered email: a one-line subject, the HTML part and the plain-text part. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * `text` as one header-safe line: C0/C1 control characters and U+2028/U+2029 become spaces,
 * whitespace runs collapse to one space, the ends are trimmed, and past `max` characters
 * (default: unlimited) it is cut to `max - 1` characters plus "…". Used for every subject and
 * for names and titles that go into a subject or a greeting (issue 4: no text can start a header).
 */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? " " : ch;
  }
  const one = out.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * A catalog text with a `{link}` placeholder as a line with the link in its place, so a
 * translation may put the link anywhere in the sentence (use `t(id)` without a `link` value).
 */
export function linked(text: string, link: LinkPart): Array<string | LinkPart> {
  const at = text.indexOf("{link}");
  if (at < 0) return [text, " ", link];
  return [text.slice(0, at), link, text.slice(at + "{link}".length)].filter((p) => p !== "");
}

function isLink(part: unknown): part is LinkPart {
  return typeof part === "object" && part !== null && "href" in part;
}

function lineText(line: Line): string {
  if (typeof line === "string") return line;
  if (Array.isArray(line)) return line.map((p) => (typeof p === "string" ? p : p.href)).join("");
  if ("verbatim" in line) return line.verbatim;
  if ("quote" in line)
    return line.quote
      .split("\n")
      .map((l) => `> ${l}`)
      .join("\n");
  return line.href;
}

/** The plain-text part of `content`: each block's lines joined by "\n", blocks by a blank line. */
export function textOf(content: EmailContent): string {
  return content.blocks.map((b) => b.lines.map(lineText).join("\n")).join("\n\n");
}

const styles = {
  body: { backgroundColor: "#f8f9fa", fontFamily: "Arial, Helvetica, sans-serif", color: "#212529" },
  container: { backgroundColor: "#ffffff", padding: "24px", maxWidth: "600px" },
  text: { fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" },
  verbatim: { fontSize: "15px", lineHeight: "24px", margin: "0 0 16px", whiteSpace: "pre-wrap" as const },
  quote: {
    fontSize: "15px",
    lineHeight: "24px",
    margin: "0 0 16px",
    padding: "0 0 0 12px",
    borderLeft: "3px solid #ced4da",
    color: "#495057",
    whiteSpace: "pre-wrap" as const,
  },
  quoteRtl: {
    fontSize: "15px",
    lineHeight: "24px",
    margin: "0 0 16px",
    padding: "0 12px 0 0",
    borderRight: "3px solid #ced4da",
    color: "#495057",
    whiteSpace: "pre-wrap" as const,
  },
  link: { color: "#1864ab", wordBreak: "break-all" as const },
  button: {
    display: "inline-block",
    padding: "10px 16px",
    backgroundColor: "#1864ab",
    color: "#ffffff",
    borderRadius: "6px",
    textDecoration: "none",
    margin: "0 0 16px",
  },
};

function inline(part: string | LinkPart): ReactNode {
  return typeof part === "string"
    ? part
    : h(Link, { href: part.href, style: styles.link }, part.label ?? part.href);
}

/** One block as React Email elements: runs of plain lines become one <Text> (lines joined by <br>). */
function BlockView({ block, dir }: { block: Block; dir: "ltr" | "rtl" }): ReactElement {
  const out: ReactNode[] = [];
  let run: ReactNode[] = [];
  const flush = () => {
    if (run.length > 0) out.push(h(Text, { key: out.length, style: styles.text }, ...run));
    run = [];
  };
  for (const line of block.lines) {
    if (isLink(line) && line.button) {
      flush();
      out.push(
        h(Button, { key: out.length, href: line.href, style: styles.button }, line.label ?? line.href),
      );
    } else if (typeof line === "object" && !Array.isArray(line) && "verbatim" in line) {
      flush();
      out.push(h(Text, { key: out.length, style: styles.verbatim }, line.verbatim));
    } else if (typeof line === "object" && !Array.isArray(line) && "quote" in line) {
      flush();
      // The quote's rule stands on the side a line starts from (the right in Arabic); email
      // clients do not all know logical properties, so the side is chosen here.
      out.push(
        h(Text, { key: out.length, style: dir === "rtl" ? styles.quoteRtl : styles.quote }, line.quote),
      );
    } else {
      if (run.length > 0) run.push(block.flow ? " " : h("br", { key: `br${run.length}` }));
      const parts = Array.isArray(line) ? line : [line as string | LinkPart];
      run.push(...parts.map(inline));
    }
  }
  flush();
  return h(Section, null, ...out);
}

/**
 * The frame of every email: `<html lang dir>` of the recipient's locale (Arabic right to left,
 * issue 14 §1), a light page, a white column with the blocks.
 */
export function Layout({ locale, blocks }: { locale: Locale; blocks: Block[] }): ReactElement {
  const dir = isLocale(locale) ? dirOf(locale) : "ltr";
  return h(
    Html,
    { lang: isLocale(locale) ? locale : "en", dir },
    h(Head, null),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        ...blocks.map((block, i) => h(BlockView, { key: i, block, dir })),
      ),
    ),
  );
}

/**
 * Renders `content` in `locale` to `{ subject, html, text }`: the subject made one line
 * (`oneLine`, cut at `subjectMaxLength`), the HTML part by React Email (user text escaped by
 * React), the text part by `textOf`. Rejects only if React fails to render (a bug).
 */
export async function renderEmail(content: EmailContent, locale: Locale = "en"): Promise<RenderedEmail> {
  return {
    subject: oneLine(content.subject, content.subjectMaxLength),
    html: await render(h(Layout, { locale, blocks: content.blocks })),
    text: textOf(content),
  };
}
