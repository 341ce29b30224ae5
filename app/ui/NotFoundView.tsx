/**
 * The not-found view (spec §2 route table: '404 Page Not Found'). The spec's developer hint is
 * replaced by a helpful sentence and links to search and home (issue 2 §4). Rendered by the root
 * error boundary for 404 responses thrown from loaders; app/routes/not-found.tsx may reuse it.
 */
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** Heading and links of the not-found page. */
export function NotFoundView() {
  return (
    <Container size="sm" py={80}>
      <title>Page not found | LexAtlas</title>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">
          We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
        </Text>
        <Group>
          <Button component={Link} to="/browse-lawyers">
            Search lawyers
          </Button>
          <Button component={Link} to="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
