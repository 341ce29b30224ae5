/**
 * HTTP helpers shared by the API routers: the JSON error shape `{ message }` with a 4xx status
 * (DESIGN.md §3 "Rules of the house").
 */
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An expected API failure: becomes `{ message }` with the given status. */
export class ApiError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string) {
    super(status, { message });
  }
}

/** Shorthand for a 400 naming the parameter at fault. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

/** Shorthand for a 404. */
export function notFound(message: string): ApiError {
  return new ApiError(404, message);
}
