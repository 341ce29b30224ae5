/**
 * The filter panel's native controls (spec §2 "Filter panel", issue 2 §3 counts from the facets):
 * one facet option, a facet group (a fieldset of options, e.g. Practice Areas or Languages) and a
 * labelled select (location, radius). Issue 29 "Lean markup": native elements styled by filters.css, no inline style.
 */
import type { ReactNode } from "react";
// The options' hidden count words use the global .visually-hidden-label defined there.
import "../../ui/hidden.module.css";

/**
 * One filter option as native markup (issue 29 "Lean markup"): a `<label>` holding the checkbox
 * (`name`=`value` when ticked), its text and the number of lawyers it would leave, styled by
 * filters.css (the tick is CSS; no inline style, no per-option SVG). The count is part of the
 * label, so a screen reader reads "Dog Bites 893 lawyers".
 */
export function FilterOption({
  name,
  value,
  label,
  checked,
  count,
  countText,
  testId,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  /** The count as shown (formatted in the page's locale). */
  count: string;
  /** The count's hidden words for screen readers (" lawyers"). */
  countText: string;
  testId?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="fp-opt">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <span>{label}</span>
      <span className="fp-n">
        {count}
        <span className="visually-hidden-label">{` ${countText}`}</span>
      </span>
    </label>
  );
}

/** One value of a facet group: the submitted value, its label in the page's locale, its count. */
export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

/**
 * A facet group (spec §2 "Filter panel": Practice Areas, Languages): a fieldset titled `legend`
 * with one FilterOption per value, named `name` (a multi-value GET field), ticked when `selected`
 * holds it. `counted` turns a count into the shown number and its hidden words; `scroll` wraps
 * the options in the panel's scroll box (the long languages list; the practice areas are listed
 * in full, issue 19 §5).
 */
export function FacetGroup({
  legend,
  name,
  values,
  selected,
  counted,
  onToggle,
  scroll = false,
}: {
  legend: string;
  name: string;
  values: FacetValue[];
  selected: readonly string[];
  counted: (n: number) => { count: string; countText: string };
  onToggle: (value: string, on: boolean) => void;
  scroll?: boolean;
}) {
  const options = values.map((v) => (
    <FilterOption
      key={v.value}
      name={name}
      value={v.value}
      label={v.label}
      checked={selected.includes(v.value)}
      {...counted(v.count)}
      onChange={(on) => onToggle(v.value, on)}
    />
  ));
  return (
    <fieldset className="fp-set">
      <legend>{legend}</legend>
      {scroll ? <div className="fp-scroll">{options}</div> : options}
    </fieldset>
  );
}

/**
 * A labelled native select of the filter panel (issue 29 "Lean markup": styled by filters.css
 * .fp-label/.fp-field; a GET field named `name`, so it works without JavaScript): the location
 * and the near-me radius. `children` are its options; `onChange` gets the chosen value.
 */
export function FilterSelect({
  id,
  label,
  name,
  testId,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  name: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="fp-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fp-field"
        name={name}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {children}
      </select>
    </div>
  );
}
