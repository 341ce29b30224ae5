/**
 * Mantine's theme CSS variables as one `<style>` for the document's `<head>` (issue 13 §2: the
 * W3C Nu HTML checker refuses a `<style>` inside `<body>` whose `:root` rules reach outside it,
 * which is where MantineProvider writes them by default). The same output as Mantine's own
 * MantineCssVariables with `deduplicateCssVariables` (not exported by @mantine/core 9): the
 * theme's variables and the app's resolver (app/ui/theme.ts), without those equal to the
 * defaults that mantine.css already holds. Render inside MantineProvider with
 * `withCssVariables={false}`.
 */
import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  keys,
  useMantineCssVariablesResolver,
  useMantineTheme,
} from "@mantine/core";

const DEFAULTS = defaultCssVariablesResolver(DEFAULT_THEME);

/** Keeps only the variables whose value differs from Mantine's defaults. */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const pick = (group: "variables" | "light" | "dark") => {
    const kept: Record<`--${string}`, string> = {};
    for (const key of keys(input[group])) {
      const value = input[group][key];
      if (value !== undefined && DEFAULTS[group][key] !== value) kept[key] = value;
    }
    return kept;
  };
  return { variables: pick("variables"), light: pick("light"), dark: pick("dark") };
}

/** The `<style>` with the theme's CSS variables for `:root` (nothing when all are defaults). */
export function ThemeVariables() {
  const theme = useMantineTheme();
  const resolver = useMantineCssVariablesResolver();
  const merged = deepMerge(
    defaultCssVariablesResolver(theme),
    resolver?.(theme) ?? {},
  ) as ConvertCSSVariablesInput;
  const css = convertCssVariables(withoutDefaults(merged), ":root");
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS built from the constant theme, no user input
  return <style data-mantine-styles="theme" dangerouslySetInnerHTML={{ __html: css }} />;
}
