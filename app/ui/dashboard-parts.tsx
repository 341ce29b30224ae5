/**
 * Building blocks shared by the dashboard's panels (app/routes/dashboard.tsx): a titled section
 * card and an empty state.
 */
import { Card, Stack, Text, Title } from "@mantine/core";
import { ThemeIcon } from "./ThemeIcon";

/** An empty state: an icon, a heading-less line and a hint, optionally an action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="xs" py="lg">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={460}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/**
 * A titled section (h2) in a card, named by its heading: the dashboard's sections (heading id
 * `${id}-title`) and the case page's (their own `headingId`).
 */
export function Section({
  id,
  headingId = `${id}-title`,
  title,
  children,
}: {
  id?: string;
  headingId?: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
