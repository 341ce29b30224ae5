/**
 * Result pagination (spec §9 "Listing"): first and last page plus 2 pages either side of the
 * current one, with ellipses (lib/filters.ts paginationWindow). Every page is a link, so paging
 * works without JavaScript and Back restores the page. Numbers and words in the page's locale;
 * the Previous/Next chevrons point the other way on right-to-left pages (issue 14 §2).
 */
import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { paginationWindow, searchHref, withChanges } from "../../../lib/filters.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { dirOf } from "../../../lib/i18n/locales.ts";
import type { SearchParams } from "../../../lib/search-state.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { type DirectoryView, withView } from "./view";

/**
 * Page links for `totalPages` pages of the search `params` at `action` (the page's localized
 * path), in the same presentation (`view=map` stays on the map; issue 19 §1). Nothing for one page.
 */
export function PaginationNav({
  params,
  totalPages,
  action,
  presentation = "list",
}: {
  params: SearchParams;
  totalPages: number;
  action: string;
  presentation?: DirectoryView;
}) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  if (totalPages <= 1) return null;
  const flip = dirOf(locale) === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const number = numberFormat(locale);
  const current = Math.min(params.page, totalPages);
  const href = (page: number) => {
    const [path = "", query = ""] = searchHref(action, withChanges(params, { page })).split("?");
    return `${path}${withView(query ? `?${query}` : "", presentation)}#results`;
  };
  return (
    <nav aria-label={t("pagination.label")}>
      <Group gap={6} justify="center" mt="xl">
        {current > 1 ? (
          <Button
            component={Link}
            to={href(current - 1)}
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={16} aria-hidden style={flip} />}
          >
            {t("pagination.previous")}
          </Button>
        ) : null}
        {paginationWindow(current, totalPages).map((slot, i) =>
          slot === "ellipsis" ? (
            <Text key={i === 1 ? "ellipsis-start" : "ellipsis-end"} aria-hidden px={4} c="dimmed">
              …
            </Text>
          ) : (
            <Button
              key={slot}
              component={Link}
              to={href(slot)}
              size="sm"
              variant={slot === current ? "filled" : "default"}
              aria-current={slot === current ? "page" : undefined}
              aria-label={t("pagination.page", { page: slot })}
              className="page-link"
              miw={40}
              px={8}
            >
              {number.format(slot)}
            </Button>
          ),
        )}
        {current < totalPages ? (
          <Button
            component={Link}
            to={href(current + 1)}
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden style={flip} />}
          >
            {t("pagination.next")}
          </Button>
        ) : null}
      </Group>
    </nav>
  );
}
