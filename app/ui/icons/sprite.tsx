/**
 * One SVG sprite for the icons that repeat on result cards, profiles, match cards and the
 * dashboard (issue 29 "Lean markup"): each icon is drawn once per page as a `<symbol>` and every
 * use is `<svg><use href="#icon-…"/></svg>` (≈ 90 bytes instead of ≈ 600 for an inline Tabler
 * icon). The drawings are @tabler/icons-react's own node data (`__iconNode` of each icon module),
 * so they stay in step with the installed version; only the icons listed here are bundled.
 * Pages that show such icons render <IconSprite /> once (Directory, the profile, the matches page,
 * the dashboard); Icon's `<use>` finds the symbol anywhere in the document.
 */
import { __iconNode as building } from "@tabler/icons-react/dist/esm/icons/IconBuilding.mjs";
import { __iconNode as clock } from "@tabler/icons-react/dist/esm/icons/IconClock.mjs";
import { __iconNode as clockHour4 } from "@tabler/icons-react/dist/esm/icons/IconClockHour4.mjs";
import { __iconNode as coin } from "@tabler/icons-react/dist/esm/icons/IconCoin.mjs";
import { __iconNode as language } from "@tabler/icons-react/dist/esm/icons/IconLanguage.mjs";
import { __iconNode as mail } from "@tabler/icons-react/dist/esm/icons/IconMail.mjs";
import { __iconNode as mapPin } from "@tabler/icons-react/dist/esm/icons/IconMapPin.mjs";
import { __iconNode as messageCircle } from "@tabler/icons-react/dist/esm/icons/IconMessageCircle.mjs";
import { __iconNode as phone } from "@tabler/icons-react/dist/esm/icons/IconPhone.mjs";
import { __iconNode as rosetteDiscountCheckFilled } from "@tabler/icons-react/dist/esm/icons/IconRosetteDiscountCheckFilled.mjs";
import { __iconNode as user } from "@tabler/icons-react/dist/esm/icons/IconUser.mjs";
import { __iconNode as worldWww } from "@tabler/icons-react/dist/esm/icons/IconWorldWww.mjs";
import { createElement } from "react";
import classes from "./icons.module.css";

/** The sprite's icons by name: Tabler's drawing and whether it is a filled (not stroked) icon. */
const ICONS = {
  building: { node: building, filled: false },
  clock: { node: clock, filled: false },
  "clock-hour-4": { node: clockHour4, filled: false },
  coin: { node: coin, filled: false },
  language: { node: language, filled: false },
  mail: { node: mail, filled: false },
  "map-pin": { node: mapPin, filled: false },
  "message-circle": { node: messageCircle, filled: false },
  phone: { node: phone, filled: false },
  "rosette-discount-check-filled": { node: rosetteDiscountCheckFilled, filled: true },
  user: { node: user, filled: false },
  "world-www": { node: worldWww, filled: false },
} as const;

/** A five-pointed star centred at (`cx`, 12.6) in a 24-unit-high box, as SVG path data. */
function starPath(cx: number): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? 11 : 4.6;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(12.6 + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

/**
 * The id of the rating's row of five stars (a 120 x 24 symbol, no fill of its own; not "icon-…",
 * so no stroke): the profile's Stars draws it twice, grey and clipped yellow (parts.module.css).
 */
export const STAR_ROW_ID = "star-row";

/** The name of an icon in the sprite, e.g. "map-pin" (Tabler's name). */
export type IconName = keyof typeof ICONS;

/** The names of the sprite's icons, in its order. */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

/** The symbol id of `name` in the page ("icon-map-pin"). */
export const iconId = (name: IconName) => `icon-${name}`;

/**
 * The hidden sprite: one `<symbol id="icon-…" viewBox="0 0 24 24">` per icon, with Tabler's
 * paths; an outline icon's stroke (Tabler's defaults: currentColor, width 2, round caps and joins)
 * comes from the CSS of its `<use>` and inherits into the drawing, a filled icon's fill is on
 * its symbol. Render it once per page that uses Icon; it takes no space and is
 * hidden from assistive technology.
 */
export function IconSprite() {
  return (
    <svg className={classes.sprite} aria-hidden="true" focusable="false" data-testid="icon-sprite">
      {ICON_NAMES.map((name) => {
        const { node, filled } = ICONS[name];
        return (
          <symbol
            key={name}
            id={iconId(name)}
            viewBox="0 0 24 24"
            // Outline icons take Tabler's stroke from the <use> (icons.module.css); filled ones say so.
            {...(filled ? { fill: "currentColor", stroke: "none" } : {})}
          >
            {node.map(([tag, { key, ...attrs }]) => createElement(tag, { key, ...attrs }))}
          </symbol>
        );
      })}
      <symbol id={STAR_ROW_ID} viewBox="0 0 120 24">
        <path d={[0, 1, 2, 3, 4].map((i) => starPath(12 + 24 * i)).join("")} />
      </symbol>
    </svg>
  );
}

/** Props of Icon. */
export interface IconProps {
  name: IconName;
  /** Width and height in px (24 as Tabler's default). */
  size?: number;
  className?: string;
  /**
   * What the icon says when it carries meaning (an `<svg role="img" aria-label>`); without it the
   * icon is decoration, hidden from assistive technology (`aria-hidden`).
   */
  label?: string;
}

/**
 * One icon of the sprite: `<svg width height aria-hidden><use href="#icon-name"/></svg>` (≈ 80
 * bytes; its container's class places it, e.g. `flex: none`). Colour is the text colour
 * (currentColor); decorative unless `label` is given.
 */
export function Icon({ name, size = 24, className, label }: IconProps) {
  const use = <use href={`#${iconId(name)}`} />;
  return label ? (
    <svg width={size} height={size} className={className} role="img" aria-label={label}>
      {use}
    </svg>
  ) : (
    <svg width={size} height={size} className={className} aria-hidden="true">
      {use}
    </svg>
  );
}
