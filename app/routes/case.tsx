/**
 * /cases/{id} (issue 4 "Tracking and messages"; spec §1 "track case status and message the
 * lawyer"): the case page for its two parties only: the summary with every field, the documents
 * (downloadable attachments), the status timeline, the message thread with a form for either
 * party and, for the lawyer, the status control. Works without JavaScript (plain forms; the
 * action redirects back to the page after a change).
 *
 * Access (DESIGN.md §3: the loader's own guard): the signed-in client who submitted the case, the
 * lawyer account linked to its listing, or the holder of its tracking cookie. The emailed link
 * `/cases/{id}?token=…` checks the token, stores it in an HttpOnly, Secure, SameSite=Lax cookie
 * (`lexatlas_case_{id}`, Path=/cases, one year) and redirects to `/cases/{id}` so the token leaves
 * the address bar. Anyone else, and any malformed id or wrong token, gets the 404 page.
 *
 * Every answer carries CASE_PAGE_HEADERS: `Referrer-Policy: same-origin`, `Cache-Control:
 * private, no-store` and a Content-Security-Policy. Everything a person typed is rendered as
 * React text (escaped).
 */
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  CASE_MESSAGE_MAX,
  CASE_STATUS_LABELS,
  CaseMessageSchema,
  CaseStatusChangeSchema,
} from "../../lib/cases.ts";
import { CASE_STATUSES } from "../../lib/constants.ts";
import type { CaseDetail, CaseViewer } from "../../server/cases/service.ts";
import { pageContentSecurityPolicy } from "../content-security-policy";
import { servicesContext } from "../context";
import {
  CaseStatusBadge,
  formatCaseDate,
  formatCaseDay,
  formatFileSize,
  optionLabel,
} from "../features/cases/case-display";
import { pageMeta, siteFromMatches } from "../seo";
import { getOptionalUser } from "../session";
import { Section } from "../ui/dashboard-parts";
import type { Route } from "./+types/case";

/**
 * Content-Security-Policy of the case page (issue 4 "Safety"): the site's strict policy
 * (app/content-security-policy.ts, issue 13 §1: scripts only with this response's nonce, filled
 * in entry.server.tsx, so a script injected through what a person typed has none; no plugins,
 * `<base>` or framing), never the ad network's hosts, and form posts to this site only.
 */
export const CASE_PAGE_CSP = pageContentSecurityPolicy({ ads: false, extra: ["form-action 'self'"] });

/** Headers of every answer of the case page: no Referer beyond the site, never cached, the CSP. */
export const CASE_PAGE_HEADERS = {
  "Referrer-Policy": "same-origin",
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": CASE_PAGE_CSP,
} as const;

type Args = Route.LoaderArgs | Route.ActionArgs;

/** The 404 every non-party gets (the same as an unknown page). */
function notFound(): never {
  throw data({ message: "Case not found" }, { status: 404, headers: CASE_PAGE_HEADERS });
}

/** Who is asking: the signed-in user and the case's tracking cookie. */
async function viewerOf({ request, context, params }: Args): Promise<CaseViewer> {
  const { cases } = context.get(servicesContext);
  return {
    user: await getOptionalUser(request, context),
    trackingToken: cases.trackingTokenFromRequest(request, params.id),
  };
}

/**
 * With `?token=`: a valid tracking token sets the case's cookie and redirects to the clean
 * address; a wrong one is a 404. Otherwise answers the case for one of its parties (`viewerRole`
 * says which), or throws the 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const { cases } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) {
    if (!(await cases.checkTrackingToken(params.id, token))) notFound();
    throw redirect(`/cases/${params.id}`, {
      headers: { ...CASE_PAGE_HEADERS, "Set-Cookie": cases.trackingCookie(params.id, token) },
    });
  }
  const viewer = await viewerOf(args);
  const found = await cases.get(params.id, viewer);
  if (!found) notFound();
  return data({ case: found, signedIn: viewer.user !== null }, { headers: CASE_PAGE_HEADERS });
}

/** The page's headers: CASE_PAGE_HEADERS on every answer (pages, redirects, 404s). */
export function headers(): HeadersInit {
  return CASE_PAGE_HEADERS;
}

/** What the action answers when it does not redirect: which form, and the message to show. */
type ActionResult = { intent: "status" | "message"; error: string };

/**
 * The page's two forms, by `intent`: "status" (the lawyer; field `status`) and "message" (either
 * party; field `body`). Success redirects back to /cases/{id} (a reload does not post again). A
 * bad value answers 400, a client changing the status 403, past the message limit 429, each with
 * `{ intent, error }` for the form; a non-party gets the 404.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const services = context.get(servicesContext);
  const viewer = await viewerOf(args);
  if (!(await services.cases.access(params.id, viewer))) notFound();
  const form = await request.formData();
  const intent = form.get("intent") === "status" ? "status" : "message";
  const fail = (error: string, status: number) =>
    data<ActionResult>({ intent, error }, { status, headers: CASE_PAGE_HEADERS });
  try {
    if (intent === "status") {
      const parsed = CaseStatusChangeSchema.safeParse({ status: form.get("status") });
      if (!parsed.success) return fail("Choose a status.", 400);
      await services.cases.changeStatus(params.id, viewer, parsed.data.status);
    } else {
      const parsed = CaseMessageSchema.safeParse({ body: form.get("body") ?? "" });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Write a message.", 400);
      await services.cases.addMessage(params.id, viewer, parsed.data.body, services.clientIp(context));
    }
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status < 500) {
      if (status === 404) notFound();
      return fail(error.message, status);
    }
    throw error;
  }
  return redirect(`/cases/${params.id}`, { headers: CASE_PAGE_HEADERS });
}

/** Title of the page (the case's title); never indexed. */
export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: loaderData ? `Case: ${loaderData.case.caseTitle}` : "Case",
    description: "A private case page on LexAtlas.",
    path: `/cases/${params.id}`,
    noindex: true,
  });
}

/** One labelled value of the summary. */
function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {value || "—"}
      </Text>
    </div>
  );
}

/** The case page. */
export default function CasePage() {
  const { case: c, signedIn } = useLoaderData<typeof loader>() as { case: CaseDetail; signedIn: boolean };
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const lawyer = c.viewerRole === "lawyer";
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          {signedIn && (
            <Anchor component={Link} to="/dashboard" size="sm">
              Back to dashboard
            </Anchor>
          )}
          <Group justify="space-between" align="flex-start" mt="xs" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }}>
              {c.caseTitle}
            </Title>
            <CaseStatusBadge status={c.status} size="lg" />
          </Group>
          <Text c="dimmed" mt={4} style={{ overflowWrap: "anywhere" }}>
            {lawyer
              ? `From ${c.clientName}`
              : `Sent to ${c.lawyerName}${c.lawyerFirm ? `, ${c.lawyerFirm}` : ""}`}{" "}
            · {formatCaseDate(c.createdAt)}
          </Text>
        </div>

        <Section headingId="case-summary" title="Case summary">
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} mb="md">
            {c.description}
          </Text>
          <dl
            style={{
              display: "grid",
              gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
              gap: "12px 24px",
              margin: 0,
            }}
          >
            <Field label="Case type" value={c.caseType} />
            <Field label="Priority" value={optionLabel(c.priority)} />
            <Field label="Date needed" value={c.dateNeeded ? formatCaseDay(c.dateNeeded) : null} />
            <Field label="Budget" value={c.budget} />
            <Field label="Lawyer" value={c.lawyerName} />
            <Field label="Client name" value={c.clientName} />
            <Field label="Client email" value={c.clientEmail} />
            <Field label="Client phone" value={c.clientPhone} />
            <Field label="Preferred communication" value={optionLabel(c.preferredCommunication)} />
          </dl>
        </Section>

        <Section headingId="case-documents" title="Documents">
          {c.documents.length === 0 ? (
            <Text c="dimmed">No documents were attached.</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
              {c.documents.map((d) => (
                <li key={d.id} style={{ overflowWrap: "anywhere" }}>
                  <Anchor href={`/cases/${c.id}/documents/${d.id}`} download={d.fileName}>
                    {d.fileName}
                  </Anchor>{" "}
                  <Text span size="sm" c="dimmed">
                    ({d.fileType.toUpperCase()}, {formatFileSize(d.fileSize)})
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Section>

        <Section headingId="case-timeline" title="Status timeline">
          <Stack component="ol" gap="xs" pl="lg" m={0} aria-label="Status timeline">
            {c.timeline.map((step) => (
              <li key={`${step.status}-${step.createdAt}`}>
                <Text span fw={600}>
                  {CASE_STATUS_LABELS[step.status]}
                </Text>{" "}
                <Text span size="sm" c="dimmed">
                  {formatCaseDate(step.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
          {lawyer && (
            <Form method="post" replace>
              <input type="hidden" name="intent" value="status" />
              <Group align="flex-end" mt="md" wrap="wrap">
                <NativeSelect
                  label="Case status"
                  name="status"
                  defaultValue={c.status}
                  key={c.status}
                  data={CASE_STATUSES.map((s) => ({ value: s, label: CASE_STATUS_LABELS[s] }))}
                  error={actionData?.intent === "status" ? actionData.error : undefined}
                  w={220}
                />
                <Button type="submit" loading={busy("status")}>
                  Update status
                </Button>
              </Group>
            </Form>
          )}
        </Section>

        <Section headingId="case-messages" title="Conversation">
          {c.messages.length === 0 ? (
            <Text c="dimmed" mb="md">
              No messages yet. {lawyer ? "Write to the client here." : "Write to your lawyer here."}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap="sm"
              p={0}
              m={0}
              mb="md"
              style={{ listStyle: "none" }}
              aria-label="Conversation"
            >
              {c.messages.map((m) => (
                <li key={m.id}>
                  <Card
                    withBorder
                    radius="sm"
                    padding="sm"
                    bg={m.authorRole === c.viewerRole ? "blue.0" : undefined}
                  >
                    <Text size="sm" fw={600}>
                      {m.authorRole === c.viewerRole
                        ? "You"
                        : m.authorRole === "lawyer"
                          ? c.lawyerName
                          : c.clientName}{" "}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {formatCaseDate(m.createdAt)}
                      </Text>
                    </Text>
                    <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
          <Form method="post" key={c.messages.length}>
            <input type="hidden" name="intent" value="message" />
            <Textarea
              label="Message"
              name="body"
              required
              autosize
              minRows={3}
              maxLength={CASE_MESSAGE_MAX}
              error={actionData?.intent === "message" ? actionData.error : undefined}
            />
            <Button type="submit" mt="sm" loading={busy("message")}>
              Send message
            </Button>
          </Form>
        </Section>
      </Stack>
    </Container>
  );
}
