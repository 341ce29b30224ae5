/**
 * The fallback boundary view (spec §8): 'Something went wrong / We encountered an unexpected
 * error. Please try refreshing the page.' with a Refresh Page button.
 */
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

/** Generic error view rendered by error boundaries for anything but a 404. */
export function ErrorFallback() {
  return (
    <Container size="sm" py={80}>
      <title>Something went wrong | LexAtlas</title>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">We encountered an unexpected error. Please try refreshing the page.</Text>
        <Button
          component="a"
          href=""
          onClick={(e: React.MouseEvent) => {
            e.preventDefault();
            window.location.reload();
          }}
        >
          Refresh Page
        </Button>
        <Button component={Link} to="/" variant="subtle">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
