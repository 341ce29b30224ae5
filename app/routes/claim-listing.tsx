/**
 * /claim-listing?token=… (issue 3 "Lawyer onboarding": "claim the listing whose contact email is
 * its own, after proving the address with an emailed link"): where the emailed link lands. It
 * requires sign-in (a signed-out visitor goes to /login and comes back here with the token),
 * confirms the claim for the signed-in account, and sends the user to their dashboard with the
 * notice "Your listing is now linked…". A link that is unknown, used, expired or was sent to
 * another account, or a listing already linked, shows why, with a way back to the dashboard.
 * Not indexed, never cached (the root middleware marks signed-in pages private).
 */
import { Button, Group } from "@mantine/core";
import { data, Link, redirect, useLoaderData } from "react-router";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { AccountShell, FormAlert } from "../components/AccountForm";
import { servicesContext } from "../context";
import { originFromMatches, pageMeta } from "../seo";
import { requireUser } from "../session";
import type { Route } from "./+types/claim-listing";

/**
 * Confirms the claim of `?token=` for the signed-in user and redirects to
 * /dashboard?listing=claimed. Signed out: a redirect to /login that comes back here. On failure
 * answers `{ message }` with the service's status as the page's HTTP status (400 bad link, 403 a client account, 409
 * already linked) for the page to show.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return data({ message: LISTING_MESSAGES.claimNoToken }, { status: 400 });
  try {
    await context.get(servicesContext).listings.confirmClaim(user, token);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status < 500) {
      return data({ message: error.message }, { status });
    }
    throw error;
  }
  throw redirect("/dashboard?listing=claimed#my-listing");
}

/** The page title; noindex (a private, one-time link). */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(originFromMatches(matches), {
    title: "Confirm your listing",
    description: "Link your LexAtlas listing to your lawyer account.",
    path: "/claim-listing",
    noindex: true,
  });
}

/** Why the link did not work, with the way back to the dashboard. */
export default function ClaimListing() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <AccountShell title="Confirm your listing">
      <FormAlert tone="error" title="This link did not work">
        {message}
      </FormAlert>
      <Group>
        <Button component={Link} to="/dashboard#my-listing">
          Go to my dashboard
        </Button>
      </Group>
    </AccountShell>
  );
}
