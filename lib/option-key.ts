/**
 * Catalog keys for the spec's option lists (issue 14 §1): the stored value stays as the spec
 * writes it (the database checks it), and its label is looked up under a key derived from it.
 */

/**
 * The lower-camel catalog key of a stored option value: "Car Accident" → "carAccident",
 * "Media & Press" → "mediaPress", "in-person" → "inPerson", "medium" → "medium". Characters other
 * than ASCII letters and digits separate words.
 */
export function optionKey(value: string): string {
  const words = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((w, i) => (i === 0 ? w.toLowerCase() : `${w.charAt(0).toUpperCase()}${w.slice(1).toLowerCase()}`))
    .join("");
}
