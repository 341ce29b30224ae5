/**
 * The form feedback every form of the site shares (issue 3 "Screens", issue 4): the form-level
 * alert and moving focus to the first error after a failed submit. Used by the account screens,
 * the listing forms, the contact form and the inbox.
 */
import { Alert, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { type RefObject, useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../lib/i18n/message.ts";
import { type FormResult, formFailureOf } from "../form-result";

const ALERT_TONES = {
  error: { color: "red", icon: IconAlertCircle, role: "alert" },
  success: { color: "green", icon: IconCircleCheck, role: "status" },
  info: { color: "blue", icon: IconInfoCircle, role: "status" },
} as const;

/**
 * A message for the whole form: an error (role alert, read out at once), a success or an info
 * note (role status).
 */
export function FormAlert({
  tone,
  children,
  title,
  focusable,
  testId,
  mb = "md",
}: {
  tone: keyof typeof ALERT_TONES;
  children: React.ReactNode;
  title?: string;
  /** Can receive focus from script (tabIndex -1), e.g. to move focus to a confirmation. */
  focusable?: boolean;
  /** The alert's `data-testid`. */
  testId?: string;
  /** Space below the alert (0 inside a Stack, whose gap spaces it). */
  mb?: "md" | 0;
}) {
  const { color, icon: Icon, role } = ALERT_TONES[tone];
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      title={title}
      icon={<Icon size={20} aria-hidden />}
      mb={mb}
      data-form-alert={tone}
      data-testid={testId}
      tabIndex={focusable ? -1 : undefined}
    >
      <Text size="sm" c="var(--mantine-color-text)">
        {children}
      </Text>
    </Alert>
  );
}

/**
 * After a failed submission (a new `result`), moves focus to the first invalid field, or to the
 * form's error alert when no field is marked, so keyboard and screen-reader users land on it.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, result: unknown) {
  useEffect(() => {
    if (!result || !formRef.current) return;
    const target =
      formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current.querySelector<HTMLElement>('[data-form-alert="error"]');
    if (!target) return;
    if (!target.matches("input, select, textarea, button")) target.tabIndex = -1;
    target.focus();
  }, [result, formRef]);
}

/**
 * A function that shows a message that travelled as a string (an action's form or field error,
 * an API 4xx message) in the page's language: a catalog reference made by lib/i18n/message.ts
 * `msg()` is translated, plain text passes through, undefined and null stay undefined (issue 14 §1).
 */
export function useTranslateMessage(): (message: string | null | undefined) => string | undefined {
  const { t, i18n } = useTranslation("ui");
  const locale = i18n.language;
  return useCallback((message) => (message ? translateMessage(t, message, locale) : undefined), [t, locale]);
}

/** What useFormFeedback gives one form: its own refusal and its kept values and field errors. */
export interface FormFeedback {
  /** The refusal answered to this form (its `intent`), else null. */
  result: FormResult | null;
  /** The refusal's sentence above the form, in the page's language; undefined when none. */
  message: string | undefined;
  /** What was typed into `name` before the refusal, else `fallback` ("" by default). */
  value: (name: string, fallback?: string) => string;
  /** The message next to field `name`, in the page's language; undefined when none. */
  error: (name: string) => string | undefined;
}

/**
 * The feedback of one form of a page with several forms (issue 30 "One form contract"): the
 * action's FormResult belongs to the form whose `intent` it names, so only that form shows its
 * message, keeps what was typed and puts each field's error next to the field; the others show
 * their defaults. Used by the lawyer's verification forms and the moderators' decision forms.
 */
export function useFormFeedback(result: FormResult | null | undefined, intent: string): FormFeedback {
  const translate = useTranslateMessage();
  const mine = formFailureOf(result, intent);
  return {
    result: mine,
    message: translate(mine?.message),
    value: (name, fallback = "") => mine?.values?.[name] ?? fallback,
    error: (name) => translate(mine?.fieldErrors?.[name]),
  };
}
