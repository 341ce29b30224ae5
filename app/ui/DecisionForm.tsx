/**
 * The back office's decision forms (issue 30: one decision screen shape): a moderator decides on
 * a report, a correction, a listing's visibility (issue 15 §3), a review (issue 16 §1), a
 * re-check (issue 15 §2) or a verification request (issue 15 §2) with a plain `<form
 * method="post">` in a card, so every decision works without JavaScript; the server checks the
 * reason and audits the decision. DecisionForm is the card and form (with, where the screen offers
 * several decisions, each one's heading, lead and refusal), DecisionChoice the required choice of
 * outcomes as native radio buttons.
 */
import { Card, Radio, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert } from "./form";

/** Props of DecisionForm. */
export interface DecisionFormProps {
  /** Where it posts (localized); none: the page's own address. */
  action?: string;
  /** Fields posted with every decision of this form (which outcome or decision it stands for). */
  hidden?: Readonly<Record<string, string>>;
  /** The form's accessible name, when no heading names it. */
  label?: string;
  /** Leave checking to the server, whose errors show next to the fields (no browser bubbles). */
  noValidate?: boolean;
  /** Replace the history entry (a decision is not a page to go back to). */
  replace?: boolean;
  /** The card's padding and corner radius, and the id of the heading that makes it a named section. */
  padding: "md" | "lg";
  radius?: "md";
  labelledBy?: string;
  /** The space between the form's parts. */
  gap: "sm" | "md";
  /** What stands in the card above the form (an error of the last decision). */
  above?: ReactNode;
  /** The decision's heading (level `titleOrder`, id `labelledBy`), first in the form. */
  title?: string;
  titleOrder?: 2 | 3;
  /** A line under the heading saying what the decision does. */
  lead?: string;
  /** The last refusal's message for this decision, under the heading (translated). */
  error?: string;
  /** The form's fields and submit button, in order (and its heading when `title` is not given). */
  children: ReactNode;
}

/** One decision form in its card (see the module comment). */
export function DecisionForm({
  action,
  hidden = {},
  label,
  noValidate,
  replace,
  padding,
  radius,
  labelledBy,
  gap,
  above,
  title,
  titleOrder = 2,
  lead,
  error,
  children,
}: DecisionFormProps) {
  return (
    <Card
      withBorder
      padding={padding}
      radius={radius}
      component={labelledBy ? "section" : undefined}
      aria-labelledby={labelledBy}
    >
      {above}
      <Form method="post" action={action} noValidate={noValidate} replace={replace} aria-label={label}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack gap={gap}>
          {title && (
            <Title order={titleOrder} fz="h4" id={labelledBy}>
              {title}
            </Title>
          )}
          {lead && <Text size="sm">{lead}</Text>}
          {error && (
            <FormAlert tone="error" mb={0}>
              {error}
            </FormAlert>
          )}
          {children}
        </Stack>
      </Form>
    </Card>
  );
}

/** Props of DecisionChoice: the field's name and label, its options, the kept value and its error. */
export interface DecisionChoiceProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The value typed before a refused decision; else the first option. */
  value?: string;
  error?: ReactNode;
}

/** The required choice of outcomes, as native radio buttons (they post without JavaScript). */
export function DecisionChoice({ name, label, options, value, error }: DecisionChoiceProps) {
  return (
    <Radio.Group name={name} label={label} defaultValue={value ?? options[0]?.value} error={error} required>
      <Stack gap={6} mt={6}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
