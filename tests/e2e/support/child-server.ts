/**
 * The end of a journey's own server process (tests/e2e/support/ads-server.ts, clock-server.ts,
 * log-server.ts): when its stdin closes (the journey is done), the HTTP server stops, the mailer
 * and the database close, its DATA_DIR is removed and the process exits 0.
 */
import { rmSync } from "node:fs";
import { createInterface, type Interface } from "node:readline";

/** What stopWhenStdinCloses closes. */
export interface ChildServerParts {
  server: { close(callback: () => void): unknown };
  services: { mailer: { close(): Promise<void> } };
  database: { close(): Promise<void> };
  dataDir: string;
}

/**
 * Stops `parts` when `lines` (stdin, read line by line; a new reader when not given) closes.
 * Test-only: never imported by the product.
 */
export function stopWhenStdinCloses(
  parts: ChildServerParts,
  lines: Interface = createInterface({ input: process.stdin }),
): void {
  lines.on("close", () => {
    parts.server.close(async () => {
      await parts.services.mailer.close();
      await parts.database.close();
      rmSync(parts.dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
