/**
 * The sign-up form's name fields per locale (issue 14 §2): Japanese asks for the family name
 * first, other locales for the given name first; only the given name is required.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import SignUp from "./signup.tsx";

function render(path: string): string {
  const router = createMemoryRouter(
    [
      {
        id: "signup",
        path: "*",
        element: (
          <MantineProvider>
            <SignUp />
          </MantineProvider>
        ),
        loader: () => null,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { signup: { redirectTo: null } } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

const order = (html: string) => [...html.matchAll(/name="(firstName|lastName)"/g)].map((m) => m[1]);

describe("sign-up name fields", () => {
  it("Japanese: family name first", () => {
    expect(order(render("/ja/signup"))).toEqual(["lastName", "firstName"]);
  });
  it("German and English: given name first; only it is required", () => {
    expect(order(render("/de/signup"))).toEqual(["firstName", "lastName"]);
    const html = render("/signup");
    expect(order(html)).toEqual(["firstName", "lastName"]);
    expect(html).toMatch(
      /<input[^>]*name="firstName"[^>]*required=""|<input[^>]*required=""[^>]*name="firstName"/,
    );
    expect(html).not.toMatch(
      /<input[^>]*name="lastName"[^>]*required=""|<input[^>]*required=""[^>]*name="lastName"/,
    );
  });
});
