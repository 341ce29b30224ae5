/**
 * "Fees and first meeting" on the listing edit page (issue 19 §1): a form of its own (intent
 * `fees`, posted to /dashboard/listing like the edit form, through a fetcher; a plain HTML post
 * without JavaScript) with the free first consultation and its length, and each fee model with
 * its range: no win, no fee (percent), hourly and fixed (amounts and currency, the country's
 * currency by default), legal aid. Hints say what the listing's country allows (lib/fee-rules.ts);
 * the server refuses the rest with a message next to the field in the page's language, and what
 * was typed stays.
 */
import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { currencyForCountry } from "../../../lib/budget-currency.ts";
import {
  contingencyAllowed,
  contingencyCap,
  type FeeField,
  type FeeKind,
  type FeeTerms,
  feeModel,
} from "../../../lib/fees.ts";
import { regionNameIn } from "../../../lib/i18n/message.ts";
import type { OwnedListing } from "../../../lib/listing-owner.ts";
import { formFailureOf } from "../../form-result";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { FormAlert, useFocusFirstError, useTranslateMessage } from "../../ui/form";
import { GridCell, ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { LISTING_ACTION, type ListingActionResult, type ListingFormFailure } from "./listing-action";

/** The stored terms as a key: the form is rebuilt with them after a save. */
function feesKey(fees: FeeTerms): string {
  return JSON.stringify(fees);
}

/** The fees form of a linked listing (see the module). */
export function FeesForm({ listing }: { listing: OwnedListing }) {
  const fetcher = useFetcher<ListingActionResult>({ key: "listing-fees" });
  const result = fetcher.data?.intent === "fees" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const message = useTranslateMessage();
  const { t } = useTranslation("fees");
  return (
    <section aria-labelledby="fees-form-title">
      <Title order={3} fz="h4" id="fees-form-title" mb="xs">
        {t("form.title")}
      </Title>
      {result?.ok && !saving && <FormAlert tone="success">{message(result.message)}</FormAlert>}
      <FeesFields key={feesKey(listing.fees)} listing={listing} fetcher={fetcher} />
    </section>
  );
}

/** The form's fields with the stored values; `fetcher` carries the answer. */
function FeesFields({
  listing,
  fetcher,
}: {
  listing: OwnedListing;
  fetcher: ReturnType<typeof useFetcher<ListingActionResult>>;
}) {
  const { t } = useTranslation("fees");
  const locale = useLocale();
  const localize = useLocalizePath();
  const message = useTranslateMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const failed = formFailureOf<ListingFormFailure>(fetcher.data, "fees");
  useFocusFirstError(formRef, failed);
  const errors = failed?.fieldErrors ?? {};
  const err = (f: FeeField) => message(errors[f]);
  const region = regionNameIn(listing.countryCode, locale);
  const cap = contingencyCap(listing.countryCode);
  const fees = listing.fees;
  const currency = currencyForCountry(listing.countryCode);
  const value = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  const model = (kind: FeeKind) => feeModel(fees, kind);
  const contingency = model("contingency");
  const contingencyHint = !contingencyAllowed(listing.countryCode)
    ? t("form.notAllowedHint", { region })
    : cap !== null
      ? t("form.capHint", { cap, region })
      : undefined;

  const amounts = (kind: "hourly" | "fixed") => {
    const m = model(kind);
    return (
      <>
        <GridCell span={12}>
          <Checkbox
            name={kind}
            value="true"
            defaultChecked={m !== undefined}
            label={t(`form.${kind}`)}
            error={err(kind)}
            data-testid={`fee-${kind}`}
          />
        </GridCell>
        <GridCell span={{ base: 6, sm: 4 }}>
          <TextInput
            name={`${kind}MinAmount`}
            label={t("form.minAmount")}
            inputMode="decimal"
            defaultValue={value(m?.minAmount)}
            error={err(`${kind}MinAmount`)}
          />
        </GridCell>
        <GridCell span={{ base: 6, sm: 4 }}>
          <TextInput
            name={`${kind}MaxAmount`}
            label={t("form.maxAmount")}
            inputMode="decimal"
            defaultValue={value(m?.maxAmount)}
            error={err(`${kind}MaxAmount`)}
          />
        </GridCell>
        <GridCell span={{ base: 12, sm: 4 }}>
          <TextInput
            name={`${kind}Currency`}
            label={t("form.currency")}
            maxLength={3}
            defaultValue={m?.currency ?? currency}
            error={err(`${kind}Currency`)}
            dir="ltr"
          />
        </GridCell>
      </>
    );
  };

  return (
    <fetcher.Form
      method="post"
      action={localize(LISTING_ACTION)}
      ref={formRef}
      noValidate
      aria-labelledby="fees-form-title"
      data-testid="fees-form"
    >
      <input type="hidden" name="intent" value="fees" />
      {failed && <FormAlert tone="error">{message(failed.message)}</FormAlert>}
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("form.intro", { region })}
        </Text>
        <ResponsiveGrid cols={12} spacing="md">
          <GridCell span={{ base: 12, sm: 6 }}>
            <Checkbox
              name="freeConsultation"
              value="true"
              defaultChecked={fees.freeConsultation}
              label={t("form.freeConsultation")}
              error={err("freeConsultation")}
              data-testid="fee-free-consultation"
            />
          </GridCell>
          <GridCell span={{ base: 12, sm: 6 }}>
            <TextInput
              name="consultationMinutes"
              label={t("form.consultationMinutes")}
              inputMode="numeric"
              defaultValue={value(fees.consultationMinutes)}
              error={err("consultationMinutes")}
            />
          </GridCell>
          <GridCell span={12}>
            <Checkbox
              name="contingency"
              value="true"
              defaultChecked={contingency !== undefined}
              label={t("form.contingency")}
              description={contingencyHint}
              error={err("contingency")}
              data-testid="fee-contingency"
            />
          </GridCell>
          <GridCell span={{ base: 6, sm: 4 }}>
            <TextInput
              name="contingencyMinPercent"
              label={t("form.minPercent")}
              inputMode="decimal"
              defaultValue={value(contingency?.minPercent)}
              error={err("contingencyMinPercent")}
            />
          </GridCell>
          <GridCell span={{ base: 6, sm: 4 }}>
            <TextInput
              name="contingencyMaxPercent"
              label={t("form.maxPercent")}
              inputMode="decimal"
              defaultValue={value(contingency?.maxPercent)}
              error={err("contingencyMaxPercent")}
            />
          </GridCell>
          {amounts("hourly")}
          {amounts("fixed")}
          <GridCell span={12}>
            <Checkbox
              name="legalAid"
              value="true"
              defaultChecked={model("legalAid") !== undefined}
              label={t("form.legalAid")}
              error={err("legalAid")}
              data-testid="fee-legal-aid"
            />
          </GridCell>
        </ResponsiveGrid>
        <Group>
          <Button
            type="submit"
            loading={fetcher.state !== "idle"}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t("form.save")}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
