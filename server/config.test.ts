import { describe, expect, it } from "vitest";
import { ConfigError, emailLinkOrigin, loadConfig, paymentsMode } from "./config.ts";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.LOG_LEVEL).toBe("info");
  });

  it("names the variable with a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});

describe("emailLinkOrigin", () => {
  it("uses PUBLIC_URL's origin, else the address the server announces (localhost for a wildcard HOST)", () => {
    expect(emailLinkOrigin({ PUBLIC_URL: "https://lexatlas.example/app", PORT: 3000, HOST: "0.0.0.0" })).toBe(
      "https://lexatlas.example",
    );
    expect(emailLinkOrigin({ PUBLIC_URL: undefined, PORT: 3000, HOST: "0.0.0.0" })).toBe(
      "http://localhost:3000",
    );
    expect(emailLinkOrigin({ PUBLIC_URL: undefined, PORT: 4700, HOST: "127.0.0.1" })).toBe(
      "http://127.0.0.1:4700",
    );
    expect(emailLinkOrigin({ PUBLIC_URL: undefined, PORT: 4700, HOST: "::1" })).toBe("http://[::1]:4700");
  });
});

describe("paymentsMode (issue 6, security review: no free premium on a public server)", () => {
  const mode = (env: Record<string, string>) => paymentsMode(loadConfig(env));
  it("uses Stripe with a key, the test provider locally, and nothing on a public server without keys", () => {
    expect(
      mode({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_ID: "price_x" }),
    ).toBe("stripe");
    expect(mode({})).toBe("test");
    expect(mode({ PUBLIC_URL: "http://localhost:3000" })).toBe("test");
    expect(mode({ PUBLIC_URL: "http://127.0.0.1:8080" })).toBe("test");
    expect(mode({ PUBLIC_URL: "http://[::1]:3000" })).toBe("test");
    expect(mode({ PUBLIC_URL: "https://lexatlas.example" })).toBe("off");
    expect(mode({ PUBLIC_URL: "https://127.0.0.1.evil.example" })).toBe("off");
    expect(mode({ PUBLIC_URL: "https://lexatlas.example", TEST_PAYMENTS: "true" })).toBe("test");
    expect(mode({ TEST_PAYMENTS: "false" })).toBe("off");
    expect(() => loadConfig({ TEST_PAYMENTS: "maybe" })).toThrow(/TEST_PAYMENTS/);
  });
});
