/**
 * The frame of a lawyer profile's in-page forms (issue 13 §4 "Send Message and Submit Case work
 * without JavaScript"): what `/lawyer/{id}?form=…` shows, server-rendered, for a visitor whose
 * JavaScript has not run. A titled section the profile's link points at (its id is the link's
 * fragment), holding a real `<form method="post">` posted to the lawyer route's action with an
 * `intent`; after a refused post an alert says what went wrong and, with JavaScript, the focus
 * moves to the first field to fix. With JavaScript the same form posts through React Router,
 * without a page load. Used by CaseFormInPage and SendMessageInPage.
 */
import { Card, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, useTranslateMessage } from "./form";

/** Props of InPageFormSection. */
export interface InPageFormSectionProps {
  /** The section's id: the fragment the profile's link and the form's action point at. */
  id: string;
  /** The heading's id (it names the section and the form). */
  headingId: string;
  testId: string;
  title: ReactNode;
  /** A plain-words line right under the heading, when the heading is the spec's jargon (issue 19 §3). */
  subtitle?: ReactNode;
  /** A line under the heading. */
  lead?: ReactNode;
  children: ReactNode;
}

/** The titled section around an in-page form or its success screen. */
export function InPageFormSection({
  id,
  headingId,
  testId,
  title,
  subtitle,
  lead,
  children,
}: InPageFormSectionProps) {
  const titleNode = (
    <Title order={2} size="h3" id={headingId}>
      {title}
    </Title>
  );
  const heading = subtitle ? (
    <>
      {titleNode}
      <Text fw={500} mt={4} data-testid={`${testId}-subtitle`}>
        {subtitle}
      </Text>
    </>
  ) : (
    titleNode
  );
  return (
    <Card
      withBorder
      padding="xl"
      component="section"
      id={id}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Stack gap="md">
        {lead ? (
          <div>
            {heading}
            <Text size="sm" c="dimmed" mt={4}>
              {lead}
            </Text>
          </div>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** True while a post of the form with this `intent` is under way (its submit button then spins). */
export function useIntentPending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Props of InPageForm. */
export interface InPageFormProps {
  /** The action's `intent` field. */
  intent: string;
  /** Where it posts: the profile with its `?form=…#section`, so a reload lands at the form. */
  action: string;
  encType?: "multipart/form-data";
  /** The heading's id that names the form. */
  labelledBy: string;
  /**
   * The action's answer to a refused post (its message, a catalog reference or plain text, shows
   * translated in the alert).
   */
  failure?: { message: string } | null;
  /** The alert's title and `data-testid`. */
  alertTitle?: string;
  alertTestId: string;
  gap: "md" | "lg";
  children: ReactNode;
}

/** The in-page `<form>`: hidden intent, the failure's alert, then `children` (see the module comment). */
export function InPageForm({
  intent,
  action,
  encType,
  labelledBy,
  failure,
  alertTitle,
  alertTestId,
  gap,
  children,
}: InPageFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const message = useTranslateMessage();
  // With JavaScript, an answer with errors moves the focus to the first field to fix (without
  // it, the page reloads at the form, whose alert lists what went wrong).
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType={encType}
      noValidate
      aria-labelledby={labelledBy}
      // A new answer of the action fills the (uncontrolled) fields again.
      key={JSON.stringify(failure ?? null)}
    >
      <input type="hidden" name="intent" value={intent} />
      <Stack gap={gap}>
        {failure && (
          <FormAlert tone="error" title={alertTitle} testId={alertTestId} mb={0}>
            {message(failure.message)}
          </FormAlert>
        )}
        {children}
      </Stack>
    </Form>
  );
}
