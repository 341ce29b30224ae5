/**
 * The case form's warning that the lawyer's licence is not verified yet (issue 15 §2
 * "Publication": "the case dialog tells the sender so before they attach documents"), with a link
 * to /how-we-verify. Shown in the dialog and the in-page form above the first step.
 */
import { Anchor } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "../../ui/LocaleLink";
import { Notice } from "../../ui/Notice";

/** The notice for the lawyer `name` (text: cases catalog `notVerifiedNotice`). */
export function LicenceNotVerifiedNotice({ name }: { name: string }) {
  const { t } = useTranslation("cases");
  return (
    <Notice
      color="yellow"
      icon={<IconAlertTriangle aria-hidden />}
      role="note"
      data-testid="case-licence-not-verified"
    >
      {t("notVerifiedNotice", { name })}{" "}
      <Anchor component={LocaleLink} to="/how-we-verify" inherit>
        {t("howWeVerify")}
      </Anchor>
    </Notice>
  );
}
