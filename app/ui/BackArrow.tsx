/**
 * The arrow of a "back" control (back to the directory, to the inbox): it points the way back,
 * so it is mirrored on right-to-left pages (Arabic; issue 14 §4).
 */
import { IconArrowLeft } from "@tabler/icons-react";
import { dirOf } from "../../lib/i18n/locales.ts";
import { useLocale } from "../i18n/locale";

/** The back arrow, `size` px, hidden from assistive technology (the control's text names it). */
export function BackArrow({ size }: { size: number }) {
  const rtl = dirOf(useLocale()) === "rtl";
  return <IconArrowLeft size={size} aria-hidden style={rtl ? { transform: "scaleX(-1)" } : undefined} />;
}
