/**
 * The page a profile address answers when there is no listing to show (spec §2 "Lawyer Not
 * Found", 404; issue 15 §3, the 410 of a listing a moderator hid): a heading, what happened, and a
 * button back to the directory. One frame for both, so they read and behave alike.
 */
import { Button, Container, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BackArrow } from "./BackArrow";
import { LocaleLink } from "./LocaleLink";

/** Props: the page's h1, its texts (`children`), and the back button's label. */
export interface ListingGonePageProps {
  title: string;
  children: ReactNode;
  back: string;
}

/** The centred page with its "back to the directory" button (/browse-lawyers in the page's locale). */
export function ListingGonePage({ title, children, back }: ListingGonePageProps) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        {children}
        <Button component={LocaleLink} to="/browse-lawyers" leftSection={<BackArrow size={18} />}>
          {back}
        </Button>
      </Stack>
    </Container>
  );
}
