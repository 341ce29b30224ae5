/**
 * A one-button form: it posts only its `intent` to a page's action (the pattern of every page
 * with several forms: app/form-result.ts FormResult.intent), so it works without JavaScript.
 * Used for the one-click decisions: cancel a subscription or an account deletion, subscribe,
 * mark a message unread.
 */
import { Button, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Form } from "react-router";

/** Props: where it posts, the intent, the button's label; Mantine Button props pass through. */
export interface IntentButtonProps extends ButtonProps {
  /** The action's path (already localized); absent: the page's own action. */
  action?: string;
  /** The value of the hidden `intent` field. */
  intent: string;
  children: ReactNode;
}

/** A `<Form method="post">` with the hidden `intent` and one submit button (see the module comment). */
export function IntentButton({ action, intent, children, ...button }: IntentButtonProps) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" {...button}>
        {children}
      </Button>
    </Form>
  );
}
