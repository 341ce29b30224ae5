/**
 * Finds text a person reads that is written into JSX instead of coming from a catalog (issue 14
 * §1 "a test fails on … a string in JSX that is not a key"): JSX text with letters, and string
 * literals given to the attributes that people read (label, placeholder, title, aria-label,
 * alt, description, error …). Uses the TypeScript parser, so comments and code are never
 * mistaken for text. Brand names and symbols are allowed.
 */
import ts from "typescript";

/** JSX attributes whose value is read by a person (or a screen reader). */
export const READ_ATTRIBUTES = new Set([
  "label",
  "placeholder",
  "title",
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "alt",
  "description",
  "error",
  "message",
  "emptyMessage",
  "nothingFoundMessage",
  "confirmLabel",
  "cancelLabel",
  "legend",
  "hint",
  "caption",
  "tooltip",
]);

/** Words that are the same in every language (brand names), allowed as literal text. */
const ALLOWED = /^(LexAtlas|Stripe|LinkedIn|Google|E\.164|ISO 639-1|©|\d+)$/;

/** One piece of literal text: where it is and what it says. */
export interface LiteralString {
  file: string;
  line: number;
  text: string;
}

function isReadable(text: string): boolean {
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (!trimmed || ALLOWED.test(trimmed)) return false;
  return /\p{L}/u.test(trimmed);
}

/**
 * The literal strings of one .tsx source.
 * @param file path shown in the result
 * @param source the file's text
 */
export function findLiteralStrings(file: string, source: string): LiteralString[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralString[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: text.trim(),
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isReadable(node.text)) add(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (READ_ATTRIBUTES.has(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init) && isReadable(init.text)) add(init, init.text);
        if (
          ts.isJsxExpression(init) &&
          init.expression &&
          (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression)) &&
          isReadable(init.expression.text)
        )
          add(init, init.expression.text);
      }
    }
    // A string literal as a JSX child: {"Back"}.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      isReadable(node.expression.text)
    )
      add(node, node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
