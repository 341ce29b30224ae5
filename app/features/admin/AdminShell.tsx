/**
 * The back office's frame (issue 15 §1): heading, who is signed in, and the section navigation
 * (Queues, Contact inbox, Audit log) as plain links, so it works without JavaScript.
 */
import { Anchor, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "../../ui/LocaleLink";

/** The sections of the back office and their paths. */
export const ADMIN_SECTIONS = [
  { id: "queues", path: "/admin" },
  { id: "contact", path: "/admin/contact" },
  { id: "audit", path: "/admin/audit" },
] as const;

/** One of ADMIN_SECTIONS' ids. */
export type AdminSection = (typeof ADMIN_SECTIONS)[number]["id"];

/**
 * The back office's layout: the page heading (h1 "Back office"), the signed-in staff member, the
 * navigation with `current` marked (aria-current), then the section's content.
 */
export function AdminShell({
  current,
  email,
  role,
  children,
}: {
  current: AdminSection;
  email: string;
  role: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t("title")}
          </Title>
          <Text c="dimmed" mt={4}>
            {t("signedInAs", { email, role: t(`roles.${role}`) })}
          </Text>
        </div>
        <nav aria-label={t("nav.label")}>
          <Group gap="lg">
            {ADMIN_SECTIONS.map((section) => (
              <Anchor
                key={section.id}
                component={LocaleLink}
                to={section.path}
                fw={current === section.id ? 700 : 500}
                underline={current === section.id ? "always" : "hover"}
                aria-current={current === section.id ? "page" : undefined}
              >
                {t(`nav.${section.id}`)}
              </Anchor>
            ))}
          </Group>
        </nav>
        {children}
      </Stack>
    </Container>
  );
}

/** Previous/next links of a paged list; `href(page)` builds a page's address. */
export function Pager({
  page,
  pageCount,
  hasMore,
  href,
}: {
  page: number;
  /** Known number of pages, or null when only "is there more" is known. */
  pageCount: number | null;
  hasMore: boolean;
  href: (page: number) => string;
}) {
  const { t } = useTranslation("admin");
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t("pagination.label")}>
      <Group gap="md">
        {page > 1 && (
          <Anchor component={LocaleLink} to={href(page - 1)}>
            {t("pagination.previous")}
          </Anchor>
        )}
        <Text size="sm">
          {pageCount ? t("pagination.page", { page, pages: pageCount }) : t("pagination.pageOnly", { page })}
        </Text>
        {hasMore && (
          <Anchor component={LocaleLink} to={href(page + 1)}>
            {t("pagination.next")}
          </Anchor>
        )}
      </Group>
    </nav>
  );
}
