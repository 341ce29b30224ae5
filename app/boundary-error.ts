/**
 * Logs the error an error boundary shows, in the browser's console only (issue 27 §2). During
 * the server render the same error has already reached the request's log line through
 * handleError (app/entry.server.tsx) with the one error serializer; a console.error there would
 * print the whole object to the server's output, query parameters and all.
 */
export function logBoundaryError(error: unknown): void {
  if (typeof document === "undefined") return;
  console.error(error);
}
