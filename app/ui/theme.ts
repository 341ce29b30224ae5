/**
 * The Mantine theme of LexAtlas. Colours are chosen for WCAG AA contrast on white (issue 2 §5:
 * axe finds no serious violation): dimmed text uses gray.7 instead of Mantine's gray.6, and
 * form error messages red.9 instead of red.6 (5.4:1 on white instead of 3.6:1).
 */
import { type CSSVariablesResolver, createTheme } from "@mantine/core";

/** Theme passed to MantineProvider in app/root.tsx. */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: "md",
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: "700" },
  components: {
    // Toasts (Notifications): the close button gets a name and the text the page's text colour;
    // Mantine's defaults have an unnamed button and a dimmed description that fails contrast (axe).
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      styles: { description: { color: "var(--mantine-color-text)" } },
    },
  },
});

/** Overrides Mantine CSS variables that fail contrast in the light scheme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});

/**
 * The text colour of a positive state ("Open now", "Replied"): #1b6e2d has a contrast of 6.3:1 on
 * white, where Mantine's darkest green (green.9, #2b8a3e) has 4.4:1 and fails WCAG 2.2 SC 1.4.3
 * (4.5:1) for normal-size text. axe caught it only while the demo office was open.
 */
export const SUCCESS_TEXT_COLOR = "#1b6e2d";
