/** A lawyer's logo or photo, falling back to initials (spec §2 "Logo or fallback"). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./LawyerAvatar.module.css";

/** Up to two initials of a name: "Ana María López" -> "AL". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * The logo (or photo) in a square with rounded corners, or the initials when there is none or it
 * fails to load; `size` in px: 56 (cards), 72 (match cards) or 96 (the profile).
 */
export function LawyerAvatar({
  name,
  logo,
  size = 56,
}: {
  name: string;
  logo: string | null;
  size?: 56 | 72 | 96;
}) {
  const { t } = useTranslation("profile");
  const [failed, setFailed] = useState(false);
  const showLogo = logo !== null && !failed;
  return (
    <div className={classes.avatar} data-size={size} data-logo={showLogo || undefined}>
      {showLogo ? (
        <img
          className={classes.image}
          src={logo}
          alt={t("avatar.logoAlt", { name })}
          width={size}
          height={size}
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </div>
  );
}
