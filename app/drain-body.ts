/**
 * Reads and drops what is left of a refused upload's body, up to `maxBytes`, so the browser,
 * which is still sending, gets the answer (a server that answers before reading the body makes
 * many browsers report a network error instead). Past `maxBytes` the read is cancelled. Used by
 * the page actions that refuse a multipart post before reading it (issue 30 "Shared helpers
 * once": the case form's rate limit, the verification request's).
 * @param request the page action's request; nothing is done when its body is absent or used
 * @param maxBytes the most to read, in bytes
 */
export async function drainBody(request: Request, maxBytes: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A broken connection: nothing left to answer.
  }
}
