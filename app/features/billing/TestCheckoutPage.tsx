/**
 * The checkout page of the local test-payments provider (issue 6 "Billing"; DESIGN.md §2
 * "Payments"), used when no Stripe key is configured: it says plainly that this is test mode and
 * no card is charged, shows the plan ($29.99/month, spec §9) and offers "Pay $29.99 (test)" and
 * "Cancel". app/routes/test-checkout.tsx loads the checkout and pays it.
 */
import { Alert, Badge, Button, Card, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconFlask } from "@tabler/icons-react";
import { Form, Link, useNavigation } from "react-router";
import type { TestCheckoutView } from "../../../server/billing/service.ts";
import { PremiumFeatureList, PremiumPrice } from "./PremiumOffer";

/** US cents as "$29.99". */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

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
  const price = dollars(checkout.priceCents);
  const open = checkout.status === "open";
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Paper bg="yellow.2" c="dark.9" p="md" radius="md" withBorder role="note" aria-labelledby="test-mode">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconFlask size={24} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Text fw={700} id="test-mode">
                Test mode — no card is charged
              </Text>
              <Text size="sm" mt={4}>
                This LexAtlas server runs without Stripe keys, so payments go through a local test provider.
                Paying here changes your plan in this installation only; no money moves.
              </Text>
            </div>
          </Group>
        </Paper>
        <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="checkout-title">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 28 }} id="checkout-title">
              LexAtlas Premium
            </Title>
            <Badge color="yellow.4" variant="filled" autoContrast size="lg" style={{ flexShrink: 0 }}>
              Test
            </Badge>
          </Group>
          <PremiumPrice price={price} fz={28} mt="xs" />
          <Text size="sm" c="dimmed" mt={4}>
            For {email}. Cancel anytime; 30-day money-back guarantee.
          </Text>
          <PremiumFeatureList compact />
          {failed && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="lg">
              {failed.message}
            </Alert>
          )}
          {!open && !failed && (
            <Alert color="gray" role="status" mt="lg">
              {checkout.status === "complete"
                ? "This checkout has already been paid."
                : "This checkout has expired. Start again from your dashboard."}
            </Alert>
          )}
          <Group mt="xl" gap="sm">
            {open && (
              <Form method="post">
                <Button type="submit" size="md" loading={navigation.state === "submitting"}>
                  Pay {price} (test)
                </Button>
              </Form>
            )}
            <Button
              component={Link}
              to={open ? "/dashboard?view=upgrade" : "/dashboard"}
              variant="default"
              size="md"
            >
              {open ? "Cancel" : "Back to dashboard"}
            </Button>
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
