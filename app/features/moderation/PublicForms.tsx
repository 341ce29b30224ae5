/**
 * The public moderation pages' bodies (issue 15 §3): "Report this listing" (reason, details,
 * optional email) and "Ask for removal" of an unclaimed listing (email, details), plus the links
 * to them on the profile and the page a hidden listing answers (410). Plain forms posted to the
 * page's own action: they work without JavaScript; a failure comes back with each field's message
 * and what was typed. Every text in the page's language (namespace "moderation").
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DETAILS_MAX, DETAILS_MIN, HIDDEN_REASONS, REPORT_REASONS } from "../../../lib/moderation.ts";
import { useLocalizePath } from "../../i18n/locale";
import { FormAlert } from "../../ui/form";
import { ListingGonePage } from "../../ui/ListingGonePage";
import { LocaleLink } from "../../ui/LocaleLink";
import { DetailsField, EmailField, type FormFailure, fieldProps } from "./forms";

/** The listing a public form is about. */
export interface ListingRef {
  id: number;
  name: string;
}

/** The profile's links to report the listing and to ask for its removal (issue 15 §3). */
export function ListingModerationLinks({ lawyerId }: { lawyerId: number }) {
  const { t } = useTranslation("moderation");
  return (
    <Group gap="lg">
      <Anchor component={LocaleLink} to={`/lawyer/${lawyerId}/report`} size="sm">
        <IconFlag size={14} aria-hidden style={{ verticalAlign: "middle", marginInlineEnd: 4 }} />
        {t("links.report")}
      </Anchor>
      <Anchor component={LocaleLink} to={`/lawyer/${lawyerId}/removal`} size="sm">
        {t("links.removal")}
      </Anchor>
    </Group>
  );
}

/**
 * The 410 page of a listing a moderator hid: it was removed, why in general terms (the reason's
 * category, never the moderator's note), and a link to search.
 */
export function HiddenListingPage({ reason }: { reason: string | null }) {
  const { t } = useTranslation("moderation");
  const known = (HIDDEN_REASONS as readonly string[]).includes(reason ?? "") ? reason : null;
  return (
    <ListingGonePage title={t("hidden.title")} back={t("hidden.search")}>
      <Text>{t("hidden.text")}</Text>
      {known && <Text c="dimmed">{t(`hidden.reasons.${known}`)}</Text>}
    </ListingGonePage>
  );
}

/** The page frame of a public form: back link to the profile, heading, intro. */
function PublicFrame({
  listing,
  title,
  intro,
  children,
}: {
  listing: ListingRef;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("moderation");
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={LocaleLink} to={`/lawyer/${listing.id}`}>
          {t("back", { name: listing.name })}
        </Anchor>
        <Title order={1}>{title}</Title>
        <Text>{intro}</Text>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * /lawyer/:id/report: reason (wrong information, not a lawyer, misconduct, impersonation), details
 * (DETAILS_MIN..DETAILS_MAX characters) and an optional email for the answer. `sent` shows the
 * thanks instead of the form.
 */
export function ReportPage({
  listing,
  failure,
  sent,
}: {
  listing: ListingRef;
  failure: FormFailure | null;
  sent: boolean;
}) {
  const { t } = useTranslation("moderation");
  const localize = useLocalizePath();
  return (
    <PublicFrame
      listing={listing}
      title={t("report.title", { name: listing.name })}
      intro={t("report.intro")}
    >
      {sent ? (
        <FormAlert tone="success" testId="report-sent">
          {t("report.sent")}
        </FormAlert>
      ) : (
        <Card withBorder padding="lg">
          {failure && <FormAlert tone="error">{failure.message}</FormAlert>}
          <Form method="post" action={localize(`/lawyer/${listing.id}/report`)} noValidate>
            <Stack gap="md">
              <NativeSelect
                {...fieldProps(failure, "reason")}
                label={t("report.reason")}
                required
                data={[
                  { value: "", label: t("report.choose") },
                  ...REPORT_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) })),
                ]}
              />
              <DetailsField
                failure={failure}
                label={t("report.details")}
                description={t("detailsHint", { min: DETAILS_MIN, max: DETAILS_MAX })}
                maxLength={DETAILS_MAX}
              />
              <EmailField failure={failure} label={t("report.email")} description={t("report.emailHint")} />
              <Button type="submit" w="fit-content">
                {t("report.submit")}
              </Button>
            </Stack>
          </Form>
        </Card>
      )}
    </PublicFrame>
  );
}

/**
 * /lawyer/:id/removal: the removal request of an unclaimed listing (email, details). A claimed
 * listing shows why the request is not possible here (its lawyer edits it from the dashboard).
 */
export function RemovalPage({
  listing,
  claimed,
  failure,
  sent,
  email,
}: {
  listing: ListingRef;
  claimed: boolean;
  failure: FormFailure | null;
  sent: boolean;
  /** The signed-in visitor's email, to prefill. */
  email: string;
}) {
  const { t } = useTranslation("moderation");
  const localize = useLocalizePath();
  return (
    <PublicFrame
      listing={listing}
      title={t("removal.title", { name: listing.name })}
      intro={t("removal.intro")}
    >
      {sent ? (
        <FormAlert tone="success" testId="removal-sent">
          {t("removal.sent")}
        </FormAlert>
      ) : claimed ? (
        <Alert color="blue">{t("removal.claimed")}</Alert>
      ) : (
        <Card withBorder padding="lg">
          {failure && <FormAlert tone="error">{failure.message}</FormAlert>}
          <Form method="post" action={localize(`/lawyer/${listing.id}/removal`)} noValidate>
            <Stack gap="md">
              <EmailField failure={failure} label={t("removal.email")} required fallback={email} />
              <DetailsField
                failure={failure}
                label={t("removal.details")}
                description={t("detailsHint", { min: DETAILS_MIN, max: DETAILS_MAX })}
                maxLength={DETAILS_MAX}
              />
              <Button type="submit" w="fit-content">
                {t("removal.submit")}
              </Button>
            </Stack>
          </Form>
        </Card>
      )}
    </PublicFrame>
  );
}
