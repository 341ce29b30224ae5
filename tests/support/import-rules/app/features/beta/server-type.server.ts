/** Fixture, allowed: a server-only module that exports a type. */
export type Reader = (path: string) => string;
