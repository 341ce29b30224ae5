/**
 * A group of radio cards for one wizard question (spec §2 "Assessment wizard"; issue 5 "radio
 * cards"): a fieldset whose legend is the question, and one card per option with a native radio
 * inside its label. Native radios give the expected keyboard behaviour for free: Tab enters the
 * group, the arrow keys move and select, and screen readers announce "n of m".
 */
import { useId } from "react";
import "./personality.css";

/** One option of a ChoiceCards group. */
export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  description?: string;
}

/**
 * Renders the group.
 * @param legend the question, e.g. "How do you prefer your lawyer to communicate?"
 * @param hint optional line under the legend (e.g. "Required to continue")
 * @param name the radios' shared name (also the form field name)
 * @param value the chosen value, "" when none
 * @param onChange called with the newly chosen value
 * @param columns 4 lays four short options in one row on wide screens; default 2
 */
export function ChoiceCards<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
  required = false,
  columns = 2,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: readonly ChoiceOption<T>[];
  value: T | "";
  onChange: (value: T) => void;
  required?: boolean;
  columns?: 2 | 4;
}) {
  const id = useId();
  return (
    <fieldset className="pa-fieldset" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="pa-legend">
        {legend}
        {required && (
          <span aria-hidden="true" style={{ color: "var(--mantine-color-red-8)" }}>
            {" "}
            *
          </span>
        )}
      </legend>
      {hint && (
        <p className="pa-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="pa-choice-grid" data-columns={columns} style={hint ? undefined : { marginTop: 8 }}>
        {options.map((o, i) => (
          <label key={o.value} className="pa-choice">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              required={required}
              onChange={() => onChange(o.value)}
              aria-labelledby={`${id}-${i}-label`}
              aria-describedby={o.description ? `${id}-${i}-desc` : undefined}
            />
            <span>
              <span className="pa-choice-label" id={`${id}-${i}-label`}>
                {o.label}
              </span>
              {o.description && (
                <span className="pa-choice-desc" id={`${id}-${i}-desc`}>
                  {o.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
