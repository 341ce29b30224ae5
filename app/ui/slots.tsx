/**
 * A translated sentence with elements inside it (issue 14 §1): a link or an email address in the
 * middle of a sentence whose word order differs by language. The catalog message names the place
 * with an ICU argument ("Write to {email}."); the component passes `slot("email")` as that
 * argument and `fillSlots` puts the element where the marker landed.
 */
import { Fragment, type ReactNode } from "react";

/** Invisible separator around a slot name; never typed in a catalog. */
const MARK = "\u2063";

/** The marker to pass as the ICU argument `name`. */
export function slot(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/**
 * The text with each `slot(name)` marker replaced by `nodes[name]`; a marker without a node is
 * dropped.
 * @param text a message translated with slot() arguments
 */
export function fillSlots(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(MARK);
  // Even indexes are text, odd indexes slot names.
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
    i % 2 === 0 ? part : <Fragment key={i}>{nodes[part] ?? null}</Fragment>,
  );
}
