/**
 * The fallback boundary view (spec §8): 'Something went wrong / We encountered an unexpected
 * error. Please try refreshing the page.' with a Refresh Page button.
 */
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LocaleLink as Link } from "./LocaleLink";

/** Generic error view rendered by error boundaries for anything but a 404. */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <title>{`${t("error.pageTitle")} | LexAtlas`}</title>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1}>{t("error.title")}</Title>
        <Text c="dimmed">{t("error.text")}</Text>
        <Button
          component="a"
          href=""
          onClick={(e: React.MouseEvent) => {
            e.preventDefault();
            window.location.reload();
          }}
        >
          {t("error.refresh")}
        </Button>
        <Button component={Link} to="/" variant="subtle">
          {t("error.goHome")}
        </Button>
      </Stack>
    </Container>
  );
}
