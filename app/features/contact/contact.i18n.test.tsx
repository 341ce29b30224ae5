/**
 * The contact page in another language (issue 14 §1): at /es/contact its texts, FAQ, category
 * and priority options (values kept as the spec's) are Spanish, a refused post's messages given
 * as catalog references are translated, and the form and links stay in Spanish.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { msg } from "../../../lib/i18n/message.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ContactPage } from "./ContactPage";

beforeAll(async () => {
  await ensureLocale("es");
});

describe("the contact page in Spanish", () => {
  it("shows Spanish texts and options, translated errors, and Spanish links", () => {
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: (
            <MantineProvider>
              <ContactPage
                actionData={{
                  ok: false,
                  message: msg("contact:form.invalid"),
                  fieldErrors: { subject: msg("contact:form.failureToastBody") },
                  values: { name: "Dana", category: "Media & Press" },
                }}
              />
            </MantineProvider>
          ),
        },
      ],
      { initialEntries: ["/es/contact"] },
    );
    const out = renderToString(
      <I18nextProvider i18n={instanceFor("es")}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    ).replace(/<!-- -->/g, "");
    expect(out).toContain("Envíenos un mensaje");
    expect(out).toContain("¿Es LexAtlas un despacho de abogados?");
    expect(out).toMatch(/<option value="Media &amp; Press"[^>]*>Medios y prensa<\/option>/);
    expect(out).toMatch(/<option value="urgent"[^>]*>Urgente \(respuesta en 4 horas\)<\/option>/);
    expect(out).toContain("Revise los campos marcados.");
    expect(out).toContain("No se pudo enviar el mensaje. Inténtelo de nuevo.");
    expect(out).toContain("Como máximo 5000 caracteres");
    expect(out).toContain('action="/es/contact"');
    expect(out).toContain('href="/es/privacy-policy"');
    expect(out).not.toContain("contact:");
  });
});
