/**
 * The checkout page of the local test-payments provider (issue 6 "Billing"; docs/design.md §2
 * "Payments"), used when no Stripe key is configured: it says plainly that this is test mode and
 * no card is charged, shows the plan ($29.99/month, spec §9) and offers "Pay $29.99 (test)" and
 * "Cancel", in the page's language with the price written its way (issue 14 §1).
 * app/routes/test-checkout.tsx loads the checkout and pays it.
 */
import { Alert, Badge, Button, Card, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconFlask } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { TestCheckoutView } from "../../../server/billing/service.ts";
import { useLocale } from "../../i18n/locale";
import { useTranslateMessage } from "../../ui/form";
import { LocaleLink } from "../../ui/LocaleLink";
import { formatUsd, PremiumFeatureList, PremiumPrice } from "./PremiumOffer";

/**
 * The test checkout page for the signed-in owner's `checkout`: the test-mode note, the plan and
 * its features, Pay and Cancel. `failed` is the action's answer to a refused payment.
 */
export function TestCheckoutPage({
  checkout,
  email,
  failed,
}: {
  checkout: TestCheckoutView;
  email: string;
  failed: { message: string } | undefined;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation("billing");
  const message = useTranslateMessage();
  const price = formatUsd(checkout.priceCents, useLocale());
  const open = checkout.status === "open";
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Paper bg="yellow.2" c="dark.9" p="md" radius="md" withBorder role="note" aria-labelledby="test-mode">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconFlask size={24} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Text fw={700} id="test-mode">
                {t("checkout.testMode")}
              </Text>
              <Text size="sm" mt={4}>
                {t("checkout.testModeText")}
              </Text>
            </div>
          </Group>
        </Paper>
        <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="checkout-title">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 28 }} id="checkout-title">
              {t("checkout.title")}
            </Title>
            <Badge color="yellow.4" variant="filled" autoContrast size="lg" style={{ flexShrink: 0 }}>
              {t("checkout.badge")}
            </Badge>
          </Group>
          <PremiumPrice price={price} fz={28} mt="xs" />
          <Text size="sm" c="dimmed" mt={4}>
            {t("checkout.for", { email })}
          </Text>
          <PremiumFeatureList compact />
          {failed && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="lg">
              {message(failed.message)}
            </Alert>
          )}
          {!open && !failed && (
            <Alert color="gray" role="status" mt="lg">
              {checkout.status === "complete" ? t("checkout.paid") : t("checkout.expired")}
            </Alert>
          )}
          <Group mt="xl" gap="sm">
            {open && (
              <Form method="post">
                <Button type="submit" size="md" loading={navigation.state === "submitting"}>
                  {t("checkout.pay", { price })}
                </Button>
              </Form>
            )}
            <Button
              component={LocaleLink}
              to={open ? "/dashboard?view=upgrade" : "/dashboard"}
              variant="default"
              size="md"
            >
              {open ? t("upgrade.cancel") : t("checkout.back")}
            </Button>
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
