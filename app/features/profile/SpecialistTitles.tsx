/**
 * The specialist titles of a listing on its profile (issue 28 §2): each title as conferred, in its
 * original language ("Fachanwalt für Verkehrsrecht", "APIL Accredited Senior Litigator", "Board
 * Certified in Civil Trial Law"), isolated for bidirectional text, with the body that conferred it
 * and the year in the page's language, and a tick when its own check (kind `specialist_title`) is
 * verified; "What we checked" lists the check itself. Nothing when the listing states none.
 */
import { Group, List, Text } from "@mantine/core";
import { IconCertificate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { SpecialistTitle } from "../../../lib/specialist-titles.ts";
import { specialistTitleCheck, type VerificationCheckDTO } from "../../../lib/verification.ts";
import { VerifiedMark } from "./badges";

/** The titles as a labelled list; `checks` are the listing's verification checks. */
export function SpecialistTitlesLine({
  titles,
  checks,
}: {
  titles: readonly SpecialistTitle[];
  checks: readonly VerificationCheckDTO[];
}) {
  const { t } = useTranslation("profile");
  if (titles.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="specialist-titles">
      <IconCertificate size={16} aria-hidden style={{ flex: "none", marginTop: 3 }} />
      <List listStyleType="none" spacing={2} size="sm" aria-label={t("specialistTitles.label")}>
        {titles.map((title) => {
          const verified = specialistTitleCheck(checks, title)?.status === "verified";
          return (
            <List.Item key={`${title.title}|${title.issuer}`} data-verified={verified ? "true" : "false"}>
              <Text span size="sm" fw={600}>
                <bdi>{title.title}</bdi>
              </Text>{" "}
              <Text span size="sm" c="dark.5">
                {t("specialistTitles.conferred", { issuer: title.issuer, year: String(title.since) })}
              </Text>
              {verified && (
                <VerifiedMark
                  size={15}
                  label={t("specialistTitles.verified")}
                  style={{ marginInlineStart: 4, verticalAlign: "-2px" }}
                />
              )}
            </List.Item>
          );
        })}
      </List>
    </Group>
  );
}
