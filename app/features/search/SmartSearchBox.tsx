/**
 * The hero's Smart Search box (spec §2 "A Smart Search text box labelled AI-Enhanced", §4
 * "Suggestions appear once the query exceeds 2 characters and disappear when one is chosen",
 * §9). ONE `<input>` for the whole life of the page: the server renders it, React hydrates the
 * same element, and the suggestions are a small listbox attached to it (WAI-ARIA combobox:
 * role=combobox, aria-expanded, aria-controls, aria-activedescendant; ArrowDown/ArrowUp move,
 * Enter chooses, Escape closes). Nothing is swapped after load, so no keystroke is ever lost,
 * and no heavy combobox library joins the first load (docs/decisions/002). Without JavaScript
 * it is a plain text field of the hero's GET form. The "AI-Enhanced" badge is true since issue
 * 19 §4: a description of what happened typed here is read by the description classifier
 * (server/search/classifier.ts; docs/spec-deviations.md 57). Native markup styled by
 * filters.css (issue 29 "Lean markup").
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_QUERY_LENGTH, MAX_SUGGESTIONS, SUGGESTION_MIN_LENGTH } from "../../../lib/constants.ts";
import { useLocale } from "../../i18n/locale";

/** Debounce before asking the server for suggestions, in ms. */
const SUGGESTION_DEBOUNCE_MS = 150;

/**
 * Fetches at most 3 suggestions (spec §9) for `q` from GET /api/lawyers/suggestions?q=, in the
 * page's `locale` when given (&locale=; issue 14 §3), debounced 150 ms. Returns [] while `enabled` is false or `q` (trimmed) is 2 characters or fewer; a failed
 * or aborted request also leaves [] (the box stays usable without suggestions).
 */
export function useSuggestions(q: string, enabled: boolean, locale?: string): string[] {
  const [items, setItems] = useState<string[]>([]);
  useEffect(() => {
    const text = q.trim();
    if (!enabled || text.length < SUGGESTION_MIN_LENGTH) {
      setItems([]);
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      const lang = locale ? `&locale=${encodeURIComponent(locale)}` : "";
      fetch(`/api/lawyers/suggestions?q=${encodeURIComponent(text)}${lang}`, { signal: ctrl.signal })
        .then((r) => (r.ok ? r.json() : []))
        .then((body: unknown) => {
          setItems(
            Array.isArray(body)
              ? body.filter((s): s is string => typeof s === "string").slice(0, MAX_SUGGESTIONS)
              : [],
          );
        })
        .catch(() => {
          /* aborted or offline: no suggestions */
        });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [q, enabled, locale]);
  return items;
}

const INPUT_ID = "smart-search";
const LISTBOX_ID = "smart-search-suggestions";
const optionId = (i: number) => `smart-search-option-${i}`;

/**
 * The Smart Search field bound to `value` (the hero's query text). `onChange` receives every
 * edit and the text of a chosen suggestion. Enter without a highlighted suggestion is left to
 * the surrounding form (it searches). Label, placeholder and suggestions in the page's locale (issue 14 §2, §3).
 */
export function SmartSearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation("search");
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  // Suggestions follow what the visitor types, not a query that came from the URL or a choice.
  const [typed, setTyped] = useState(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value, typed, locale);
  const open = typed && focused && suggestions.length > 0;

  // Text typed before React hydrated lives only in the DOM: adopt it so state and box agree.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const el = inputRef.current;
    if (el && el.value !== value) {
      onChange(el.value);
      if (document.activeElement === el) {
        setFocused(true);
        setTyped(true);
      }
    }
  }, []);

  // A new list starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes
  useEffect(() => setActive(-1), [suggestions]);

  const choose = (text: string) => {
    onChange(text);
    setTyped(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (n === 0) return;
      e.preventDefault();
      if (!open) {
        setTyped(true);
        setFocused(true);
      }
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === "Enter" && open && active >= 0) {
      const pick = suggestions[active];
      if (pick !== undefined) {
        e.preventDefault();
        choose(pick);
      }
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setTyped(false);
      setActive(-1);
    } else if (e.key === "Enter") {
      // Searching: the list has no further use.
      setTyped(false);
    }
  };

  return (
    <div className="hs-smart">
      <label className="hs-label" htmlFor={INPUT_ID} id={`${INPUT_ID}-label`}>
        <span>{t("smartSearch.label")}</span> <span className="hs-ai">{t("smartSearch.aiBadge")}</span>
      </label>
      <input
        ref={inputRef}
        id={INPUT_ID}
        className="hs-input hs-search"
        name="query"
        type="text"
        placeholder={t("smartSearch.placeholder")}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setTyped(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
      />
      <div
        id={LISTBOX_ID}
        className="hs-suggestions"
        role="listbox"
        aria-label={t("smartSearch.suggestions")}
        hidden={!open}
      >
        {open &&
          suggestions.map((s, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input (aria-activedescendant)
            <div
              key={s}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // Keep focus in the box while the mouse picks an option.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseEnter={() => setActive(i)}
            >
              {s}
            </div>
          ))}
      </div>
    </div>
  );
}
