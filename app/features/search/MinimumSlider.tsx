/**
 * A "minimum" filter slider from 0 (spec §5 "Filter sliders": experience, rating): its title with
 * the chosen value as text beside it, and a native range named `name` (it submits without
 * JavaScript; issue 29 "Lean markup") with its two end labels under it. Styled by filters.css.
 */
export function MinimumSlider({
  title,
  titleId,
  name,
  max,
  step,
  value,
  onChange,
  valueLabel,
  thumbLabel,
  endLabels,
}: {
  title: string;
  titleId: string;
  name: string;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  valueLabel: (value: number) => string;
  thumbLabel: string;
  endLabels: [string, string];
}) {
  return (
    <div>
      <div className="fp-range-head">
        <span id={titleId}>{title}</span>
        <span>{valueLabel(value)}</span>
      </div>
      <input
        type="range"
        className="fp-range"
        name={name}
        min={0}
        max={max}
        step={step}
        value={value}
        aria-label={thumbLabel}
        aria-valuetext={valueLabel(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      <div className="fp-range-ends" aria-hidden>
        <span>{endLabels[0]}</span>
        <span>{endLabels[1]}</span>
      </div>
    </div>
  );
}
