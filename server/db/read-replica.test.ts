/**
 * Which errors of the read replica send a read to the primary (issue 18 §3,
 * server/db/read-replica.ts isReplicaUnavailable): a server that cannot answer, never an error
 * of the query itself (a write routed to the replica must fail as it is). Pure: no database.
 */
import { describe, expect, it } from "vitest";
import { isReplicaUnavailable } from "./read-replica.ts";

/** An Error with a `code`, as pg and Node.js raise them. */
const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isReplicaUnavailable", () => {
  it("is true for an unreachable, starting, stopping or conflicting standby", () => {
    for (const code of [
      "ECONNREFUSED",
      "ENOENT",
      "ETIMEDOUT",
      "ECONNRESET",
      "08006",
      "08001",
      "57P01",
      "57P03",
      "40001",
    ])
      expect(isReplicaUnavailable(withCode(code)), code).toBe(true);
    expect(isReplicaUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isReplicaUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("is false for an error of the query itself: read-only write, syntax, missing table, constraint", () => {
    for (const code of ["25006", "42601", "42P01", "23505", "3D000"])
      expect(isReplicaUnavailable(withCode(code)), code).toBe(false);
    expect(isReplicaUnavailable("not an error")).toBe(false);
  });
});
