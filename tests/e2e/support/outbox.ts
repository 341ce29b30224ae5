/**
 * Reading the emails the server under test "sent": without SMTP_URL it writes each message as an
 * `.eml` file to `${DATA_DIR}/outbox/` (server/email/mailer.ts). The journeys' server gets its
 * DATA_DIR from E2E_DATA_DIR (playwright.config.ts, tests/e2e/support/serve.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** The outbox folder of the server under test; fails with a clear message when unknown. */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: point it at the DATA_DIR of the server under test");
  return path.join(dataDir, "outbox");
}

/** The raw text of every outbox message addressed to `to` (case-insensitive), oldest first. */
export function messagesTo(to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  const address = to.toLowerCase();
  return files
    .sort()
    .map((f) => readFileSync(path.join(outboxDir(), f), "utf8"))
    .filter((raw) => {
      const header = /^To:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/im.exec(raw)?.[0] ?? "";
      return header.toLowerCase().includes(address);
    });
}

/**
 * Waits (up to 15 s) for an email to `to` that contains a link to `pathPrefix` on the site and
 * answers that link's path and query, e.g. "/reset-password?token=…".
 * @param pathPrefix e.g. "/reset-password?token="
 */
export async function waitForLink(to: string, pathPrefix: string): Promise<string> {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`https?://[^\\s/"<>]+(${escaped}[A-Za-z0-9_\\-]+)`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const raw of messagesTo(to).reverse()) {
          const match = pattern.exec(raw);
          if (match?.[1]) {
            link = match[1];
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} with a ${pathPrefix} link`, timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}
