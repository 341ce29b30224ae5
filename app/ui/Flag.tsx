import { Bidi } from "./Bidi";
import classes from "./Flag.module.css";
import { Icon } from "./icons";

/**
 * A country's flag as a small SVG image (served by server/api/flags.ts), decorative: the
 * country's name is always written next to it. Renders nothing for a value that is not an
 * ISO 3166-1 alpha-2 code.
 * @param code ISO alpha-2 code, e.g. "CA"
 * @param height image height in px (the width follows the 3:2 ratio)
 */
export function Flag({ code, height = 12 }: { code: string; height?: number }) {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  return (
    <img
      src={`/flags/${code.toUpperCase()}.svg`}
      alt=""
      width={Math.round((height * 3) / 2)}
      height={height}
      loading="lazy"
      decoding="async"
      className={classes.flag}
    />
  );
}

/**
 * A lawyer's location line as the cards, the match cards and the profile show it: a map pin,
 * the country's flag and the display location (e.g. "Toronto, Ontario, Canada"). The pin and
 * the flag form one block that never wraps and sits on the first line of the text; a location
 * too long for the width wraps under itself, not under the pin (QA of issue 3: at 375 px the
 * pin sat beside the middle of a wrapped text, on another line than the flag and the city).
 * @param countryCode ISO alpha-2 code, e.g. "CA"
 * @param location the display location, e.g. "Toronto, Ontario, Canada"
 */
export function LocationLine({ countryCode, location }: { countryCode: string; location: string }) {
  return (
    <div className={classes.line}>
      <span data-testid="location-marks" className={classes.marks}>
        <Icon name="map-pin" size={16} />
        <Flag code={countryCode} />
      </span>
      <p className={classes.text}>
        <Bidi>{location}</Bidi>
      </p>
    </div>
  );
}
