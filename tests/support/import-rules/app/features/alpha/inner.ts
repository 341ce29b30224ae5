/** Fixture: a module private to feature alpha. */
export const ALPHA = "alpha";
