/**
 * The site's 403 page (issue 15 §1 "clients and lawyers get 403"): rendered by the root error
 * boundary for a 403 thrown by a loader, with the server's reason when it gave one (a catalog
 * reference, translated here) and links to the dashboard and home.
 */
import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../lib/i18n/message.ts";
import { LocaleLink as Link } from "./LocaleLink";
import { StateMessage } from "./StateMessage";

/** Heading, reason and links of the 403 page; `reason` is the loader's `message`, if any. */
export function ForbiddenView({ reason }: { reason?: string }) {
  const { t } = useTranslation();
  return (
    <StateMessage
      head={<title>{`${t("forbidden.pageTitle")} | LexAtlas`}</title>}
      title={t("forbidden.title")}
      actions={
        <Group>
          <Button component={Link} to="/dashboard">
            {t("forbidden.goDashboard")}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t("forbidden.goHome")}
          </Button>
        </Group>
      }
    >
      {reason ? translateMessage(t, reason) : t("forbidden.text")}
    </StateMessage>
  );
}
