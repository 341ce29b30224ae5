/**
 * /test-checkout/{sessionId} (issue 6 "Billing"; DESIGN.md §2 "Payments"): the checkout page of
 * the local test-payments provider, used when no Stripe key is configured. It says plainly that
 * this is test mode and no card is charged, shows the plan ($29.99/month, spec §9) and offers
 * "Pay $29.99 (test)" and "Cancel". Paying completes the checkout once (it expires after 30
 * minutes) with the same change as Stripe's checkout.session.completed, then goes to
 * /dashboard?upgraded=1 ('Welcome to Premium!'); Cancel goes back to the upgrade view. Only the
 * signed-in owner sees it (others: 404; signed out: /login and back). Never cached, not indexed.
 */
import { Alert, Badge, Button, Card, Container, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconFlask } from "@tabler/icons-react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PREMIUM_FEATURES } from "../../lib/subscription.ts";
import { servicesContext } from "../context";
import { originFromMatches, pageMeta } from "../seo";
import { requireUser } from "../session";
import { ThemeIcon } from "../ui/ThemeIcon";
import type { Route } from "./+types/test-checkout";

/** The page is private and single-use: never stored by a cache. */
export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

/**
 * The signed-in owner's checkout (services.billing.testCheckout); 404 for an unknown id, another
 * user's checkout, or when Stripe is configured (no test checkouts then).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { billing } = context.get(servicesContext);
  const checkout = billing.mode === "test" ? await billing.testCheckout(user.id, params.sessionId) : null;
  if (!checkout) throw data({ message: "Checkout not found" }, { status: 404 });
  return { checkout, email: user.email };
}

/**
 * Pays the checkout (services.billing.payTestCheckout) and redirects to /dashboard?upgraded=1.
 * A refused payment (already paid, expired, already premium: 409; not found: 404) answers
 * `{ message }` with its status, shown on the page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { billing, logger } = context.get(servicesContext);
  try {
    await billing.payTestCheckout(user.id, params.sessionId);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status >= 400 && status < 500)
      return data({ message: error.message }, { status });
    logger.error({ err: error }, "test checkout payment failed");
    return data({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
  }
  return redirect("/dashboard?upgraded=1");
}

/** Title of the page; noindex (a private, single-use page). */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(originFromMatches(matches), {
    title: "Test checkout",
    description: "LexAtlas test-mode checkout: no card is charged.",
    path: "/test-checkout",
    noindex: true,
  });
}

/** US cents as "$29.99". */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The test checkout page. */
export default function TestCheckout() {
  const { checkout, email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
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
          <Text mt="xs">
            <Text span fz={28} fw={800}>
              {price}
            </Text>{" "}
            <Text span c="dimmed">
              per month
            </Text>
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            For {email}. Cancel anytime; 30-day money-back guarantee.
          </Text>
          <List
            mt="md"
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon size={20} radius="xl" color="green" variant="light">
                <IconCheck size={12} aria-hidden />
              </ThemeIcon>
            }
          >
            {PREMIUM_FEATURES.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
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
