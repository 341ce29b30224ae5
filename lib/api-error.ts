/**
 * The API's one error body as a browser reads it (issue 13 §3: every 4xx of `/api/*` is
 * `{ message, fieldErrors?: { [field]: string[] } }`, OpenAPI `ErrorResponse`). Shared by the
 * dialogs that call the API from the browser (Submit Case, Send Message).
 */
import { nullRecord } from "./input-boundary.ts";

/**
 * The one place that reads an API error body: `{ message, fieldErrors?: { [field]: string[] } }`
 * → the message (undefined when missing or blank) and the first message of each field. Anything
 * else (not JSON, another shape) gives no message and no field messages. The field messages have
 * no prototype (issue 27 §2): a field named `__proto__` is an ordinary key.
 */
export function readApiError(body: unknown): { message?: string; fieldErrors: Record<string, string> } {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === "string" && record.message.trim() !== "" ? record.message : undefined;
  const fieldErrors = nullRecord<string>();
  const given = record.fieldErrors;
  if (given && typeof given === "object" && !Array.isArray(given)) {
    for (const [field, messages] of Object.entries(given as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages.find((m) => typeof m === "string") : messages;
      if (typeof first === "string" && first.trim() !== "") fieldErrors[field] = first;
    }
  }
  return { message, fieldErrors };
}
