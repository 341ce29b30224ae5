/**
 * The Send Message dialog's one path (issue 30): which posts are the dialog's (`?dialog=1` on the
 * lawyer route's action), and the route's client action that hands every post to the server
 * action and turns only a dialog post that cannot reach the server into the spec's failure text.
 */
import fc from "fast-check";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { msg } from "../../../lib/i18n/message.ts";
import { isMessageDialogPost, messageDialogAction, messageDialogClientAction } from "./message-dialog";

/** A query parameter name other than the dialog's, and a value. */
const otherParam = fc.tuple(
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/).filter((name) => name !== "dialog"),
  fc.string({ maxLength: 12 }),
);

describe("isMessageDialogPost", () => {
  it("is true for the dialog's action of any listing, in any locale prefix, with any other parameters", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom("", "/de", "/ar", "/pt-BR"),
        fc.array(otherParam, { maxLength: 3 }),
        (id, prefix, params) => {
          const url = new URL(`http://localhost${prefix}${messageDialogAction(id)}`);
          for (const [name, value] of params) url.searchParams.append(name, value);
          expect(isMessageDialogPost(`${url.pathname}${url.search}`)).toBe(true);
          expect(isMessageDialogPost(url.href)).toBe(true);
        },
      ),
    );
  });

  it("is false for the in-page form's posts and any address without the dialog parameter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1 }), fc.array(otherParam, { maxLength: 4 }), (id, params) => {
        const url = new URL(`http://localhost/lawyer/${id}`);
        for (const [name, value] of params) url.searchParams.append(name, value);
        expect(isMessageDialogPost(url.href)).toBe(false);
      }),
    );
    expect(isMessageDialogPost("/lawyer/12?form=message#send-message")).toBe(false);
    expect(isMessageDialogPost(undefined)).toBe(false);
  });
});

describe("messageDialogClientAction", () => {
  const request = (path: string) => new Request(`http://localhost${path}`, { method: "POST" });
  const offline = () => Promise.reject(new TypeError("Failed to fetch"));

  it("answers what the server action answers, for the dialog and the in-page forms alike", async () => {
    const answer = data({ intent: "message", sent: true });
    for (const path of ["/lawyer/3?dialog=1", "/lawyer/3?form=message", "/de/lawyer/3?form=case"])
      expect(await messageDialogClientAction(request(path), async () => answer)).toBe(answer);
  });

  it("turns a dialog post that cannot reach the server into the spec's failure text", async () => {
    expect(await messageDialogClientAction(request("/lawyer/3?dialog=1"), offline)).toEqual({
      intent: "message",
      message: msg("messages:failureBody"),
      fieldErrors: {},
    });
  });

  it("passes on the server's redirects and error responses, and every failure of the in-page forms", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/" } });
    await expect(
      messageDialogClientAction(request("/lawyer/3?dialog=1"), () => Promise.reject(redirect)),
    ).rejects.toBe(redirect);
    await expect(messageDialogClientAction(request("/lawyer/3?form=message"), offline)).rejects.toThrow(
      "Failed to fetch",
    );
  });
});
