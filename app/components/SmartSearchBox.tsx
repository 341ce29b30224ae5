/**
 * The hero's Smart Search box (spec §2, §4, §9): a plain text input on the server and at
 * hydration, upgraded after the page is idle to a Mantine Autocomplete (lazy chunk) that shows
 * at most 3 suggestions from GET /api/lawyers/suggestions once the text is longer than 2
 * characters. Keeping the Autocomplete out of the first load keeps the home page fast
 * (Lighthouse mobile target, issue 2 §5); without JavaScript the plain input still submits.
 */
import { Badge, Group, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { MAX_QUERY_LENGTH, MAX_SUGGESTIONS, SUGGESTION_MIN_LENGTH } from "../../lib/constants.ts";

const SmartSearchAutocomplete = lazy(() => import("./SmartSearchAutocomplete"));

/** Props shared by the plain input and the Autocomplete. */
export interface SmartSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  common: {
    hadFocus: boolean;
    props: {
      name: string;
      size: "md";
      label: ReactNode;
      placeholder: string;
      leftSection: ReactNode;
      maxLength: number;
      autoComplete: "off";
      id: string;
    };
  };
}

/** Fetches at most 3 suggestions for `q` (debounced 150 ms); empty until q is longer than 2 characters. */
export function useSuggestions(q: string, enabled: boolean): string[] {
  const [items, setItems] = useState<string[]>([]);
  useEffect(() => {
    const text = q.trim();
    if (!enabled || text.length < SUGGESTION_MIN_LENGTH) {
      setItems([]);
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      fetch(`/api/lawyers/suggestions?q=${encodeURIComponent(text)}`, { signal: ctrl.signal })
        .then((r) => (r.ok ? r.json() : []))
        .then((body: unknown) => {
          setItems(
            Array.isArray(body)
              ? body.filter((s): s is string => typeof s === "string").slice(0, MAX_SUGGESTIONS)
              : [],
          );
        })
        .catch(() => {
          /* aborted or offline: the box stays usable without suggestions */
        });
    }, 150);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [q, enabled]);
  return items;
}

/** The Smart Search field bound to `value`. */
export function SmartSearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [upgrade, setUpgrade] = useState(false);
  const hadFocus = useRef(false);
  const plainRef = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(value, upgrade);

  useEffect(() => {
    const go = () => {
      hadFocus.current = document.activeElement === plainRef.current;
      setUpgrade(true);
    };
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(go, { timeout: 2000 });
      return () => window.cancelIdleCallback?.(id);
    }
    const t = setTimeout(go, 500);
    return () => clearTimeout(t);
  }, []);

  const common: SmartSearchFieldProps["common"] = {
    hadFocus: hadFocus.current,
    props: {
      id: "smart-search",
      name: "query",
      size: "md",
      label: (
        <Group gap={6} component="span">
          <span>Smart Search</span>
          <Badge size="sm" color="#5f3dc4" tt="none" component="span">
            AI-Enhanced
          </Badge>
        </Group>
      ),
      placeholder: 'Try "car accident lawyer in Toronto"',
      leftSection: <IconSearch size={18} aria-hidden />,
      maxLength: MAX_QUERY_LENGTH,
      autoComplete: "off",
    },
  };
  const plain = (
    <TextInput
      ref={plainRef}
      {...common.props}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
  if (!upgrade) return plain;
  return (
    <Suspense fallback={plain}>
      <SmartSearchAutocomplete value={value} onChange={onChange} suggestions={suggestions} common={common} />
    </Suspense>
  );
}
