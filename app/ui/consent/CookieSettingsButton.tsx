/**
 * "Cookie settings" (issue 17 §1 "the choice can be changed from the footer"; GDPR Art. 7(3):
 * withdrawing consent as easy as giving it). Once the page is hydrated it is a button that
 * reopens the consent library's preferences dialog; before that, and without JavaScript, it is a
 * link to the privacy policy's cookie section (without JavaScript no ad script loads anyway).
 */
import { Anchor, type AnchorProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalizePath } from "../../i18n/locale";
import { openCookieSettings } from "./ConsentManager";

/** The footer's and the privacy policy's "Cookie settings" control. */
export function CookieSettingsButton(props: AnchorProps) {
  const { t } = useTranslation("privacy");
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) {
    return (
      <Anchor href={localize("/privacy-policy#cookies")} data-testid="cookie-settings" {...props}>
        {t("footer.cookieSettings")}
      </Anchor>
    );
  }
  return (
    <Anchor
      component="button"
      type="button"
      data-testid="cookie-settings"
      onClick={async () => {
        if (!(await openCookieSettings())) window.location.assign(localize("/privacy-policy#cookies"));
      }}
      {...props}
    >
      {t("footer.cookieSettings")}
    </Anchor>
  );
}
