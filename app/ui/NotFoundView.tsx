/**
 * The not-found view (spec §2 route table: '404 Page Not Found'). The spec's developer hint is
 * replaced by a helpful sentence and links to search and home (issue 2 §4). Rendered by the root
 * error boundary for 404 responses thrown from loaders; app/routes/not-found.tsx may reuse it.
 */
import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LocaleLink as Link } from "./LocaleLink";
import { StateMessage } from "./StateMessage";

/** Heading and links of the not-found page. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <StateMessage
      head={<title>{`${t("notFound.pageTitle")} | LexAtlas`}</title>}
      title={t("notFound.title")}
      actions={
        <Group>
          <Button component={Link} to="/browse-lawyers">
            {t("notFound.searchLawyers")}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t("notFound.goHome")}
          </Button>
        </Group>
      }
    >
      {t("notFound.text")}
    </StateMessage>
  );
}
