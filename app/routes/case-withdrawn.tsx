/**
 * /cases/withdrawn (issue 17 §4 "A case submitter can withdraw a case that was not accepted and
 * have it deleted at once"): the confirmation the case page's "Withdraw and delete this case"
 * redirects to once the case, its documents and its messages are deleted. Static, in the page's
 * language, never indexed; it names no case (there is none left to name).
 */
import { Alert, Container, Group, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LinkButton } from "../ui/LinkButton";
import type { Route } from "./+types/case-withdrawn";

/** Title and noindex of the confirmation. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "cases");
  return pageMeta(site, {
    title: t("withdraw.doneTitle"),
    description: t("withdraw.done"),
    path: "/cases/withdrawn",
    noindex: true,
  });
}

/** Never cached (it follows a deletion). */
export const headers = pageHeaders({ "Cache-Control": "private, no-store" });

/** The confirmation page. */
export default function CaseWithdrawn() {
  const { t } = useTranslation("cases");
  return (
    <Container size="sm" py={{ base: 40, sm: 64 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("withdraw.doneTitle")}
      </Title>
      <Alert color="green" variant="light" mt="lg" data-testid="case-withdrawn">
        {t("withdraw.done")}
      </Alert>
      <Group mt="xl">
        <LinkButton to="/browse-lawyers" icon={IconSearch}>
          {t("withdraw.browse")}
        </LinkButton>
      </Group>
    </Container>
  );
}
