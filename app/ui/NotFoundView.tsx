/**
 * The not-found view (spec §2 route table: '404 Page Not Found'). The spec's developer hint is
 * replaced by a helpful sentence and links to search and home (issue 2 §4). Rendered by the root
 * error boundary for 404 responses thrown from loaders; app/routes/not-found.tsx may reuse it.
 */
import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { StateMessage } from "./StateMessage";

/** Heading and links of the not-found page. */
export function NotFoundView() {
  return (
    <StateMessage
      head={<title>Page not found | LexAtlas</title>}
      title="404 Page Not Found"
      actions={
        <Group>
          <Button component={Link} to="/browse-lawyers">
            Search lawyers
          </Button>
          <Button component={Link} to="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      }
    >
      We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
    </StateMessage>
  );
}
