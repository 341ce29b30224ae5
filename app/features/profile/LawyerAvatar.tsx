/** A lawyer's logo or photo, falling back to initials (spec §2 "Logo or fallback"). */
import { Avatar, type AvatarProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Up to two initials of a name: "Ana María López" -> "AL". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** Avatar with the logo (or photo) and initials when there is none or it fails to load. */
export function LawyerAvatar({
  name,
  logo,
  size = 56,
}: {
  name: string;
  logo: string | null;
  size?: AvatarProps["size"];
}) {
  const { t } = useTranslation("profile");
  return (
    <Avatar
      src={logo ?? undefined}
      alt={logo ? t("avatar.logoAlt", { name }) : undefined}
      size={size}
      radius="md"
      color="blue"
      variant="filled"
    >
      <span aria-hidden>{initials(name)}</span>
    </Avatar>
  );
}
