/**
 * The person inputs (issue 14 §2): names in any script read in their own direction, email
 * addresses as text (the browser's type=email check refuses 用户@例子.广告), phones left to
 * right with the default country posted as `phoneCountry` (so a national number works without
 * JavaScript) and an example of that country as placeholder.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailInput, NameInput, PhoneInput } from "./PersonInputs";

const html = (node: React.ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

describe("PersonInputs", () => {
  it("NameInput: any script, its own direction", () => {
    const out = html(<NameInput label="Name" name="name" defaultValue="محمد علي" />);
    expect(out).toMatch(/<input[^>]*style="unicode-bidi:plaintext"/);
    expect(out).toContain('value="محمد علي"');
    expect(out).toMatch(/autoComplete="name"|autocomplete="name"/);
  });
  it("EmailInput: a text input with the email keyboard, left to right, not type=email", () => {
    const out = html(<EmailInput label="Email" name="email" defaultValue="用户@例子.广告" />);
    expect(out).toMatch(/<input[^>]*type="text"/);
    expect(out).not.toMatch(/type="email"/);
    expect(out).toMatch(/inputMode="email"|inputmode="email"/);
    expect(out).toMatch(/<input[^>]*style="direction:ltr"/);
    expect(out).toContain('value="用户@例子.广告"');
  });
  it("PhoneInput with a country: posts phoneCountry and shows an example of that country", () => {
    const out = html(<PhoneInput label="Phone" name="clientPhone" country="DE" />);
    expect(out).toMatch(/<input[^>]*type="tel"/);
    expect(out).toMatch(/<input[^>]*style="direction:ltr"/);
    expect(out).toContain('<input type="hidden" name="phoneCountry" value="DE"/>');
    expect(out).toMatch(/placeholder="\+49 /);
  });
  it("PhoneInput without a country: no phoneCountry (the server reads Accept-Language), no placeholder before hydration", () => {
    const out = html(<PhoneInput label="Phone" name="phone" />);
    expect(out).not.toContain("phoneCountry");
    expect(out).not.toContain("placeholder");
  });
});
