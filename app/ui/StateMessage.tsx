/**
 * A page that says what state it is in instead of its content (spec §2: '404 Page Not Found',
 * 'Error Loading Matches', 'Assessment Not Found'): centred, an optional icon, the page's h1, a
 * dimmed sentence that says why and what to do, and the links or buttons to do it.
 */
import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of StateMessage. */
export interface StateMessageProps {
  /** Decoration above the title (aria-hidden by the caller). */
  icon?: ReactNode;
  /** The page's h1. */
  title: ReactNode;
  /** What happened and what to do. */
  children: ReactNode;
  /** The way on: buttons or links. */
  actions: ReactNode;
  /** Rendered before the content (e.g. a `<title>` in an error boundary). */
  head?: ReactNode;
}

/** A whole-page state message (see the module comment). */
export function StateMessage({ icon, title, children, actions, head }: StateMessageProps) {
  return (
    <Container size="sm" py={80}>
      {head}
      <Stack align="center" ta="center" gap="md">
        {icon}
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{children}</Text>
        {actions}
      </Stack>
    </Container>
  );
}
