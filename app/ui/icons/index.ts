/** The icon sprite (issue 29 "Lean markup"): Icon, IconSprite, STAR_ROW_ID. */
export {
  ICON_NAMES,
  Icon,
  type IconName,
  type IconProps,
  IconSprite,
  iconId,
  STAR_ROW_ID,
} from "./sprite";
