/**
 * The Smart Search box with suggestions (spec §2 "A Smart Search text box labelled
 * AI-Enhanced", §4 "Suggestions appear once the query exceeds 2 characters and disappear when
 * one is chosen"). Loaded lazily by SmartSearchBox so that Mantine's Combobox and floating-ui
 * stay out of the first page load.
 */
import { Autocomplete } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { SmartSearchFieldProps } from "./SmartSearchBox";

/** Mantine Autocomplete fed by the server's suggestions (no client-side filtering). */
export default function SmartSearchAutocomplete({
  value,
  onChange,
  suggestions,
  common,
}: SmartSearchFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  // If the plain box had focus when this replaced it, keep focus and the caret at the end.
  useEffect(() => {
    if (common.hadFocus && ref.current) {
      ref.current.focus();
      const end = ref.current.value.length;
      ref.current.setSelectionRange(end, end);
    }
  }, [common.hadFocus]);
  return (
    <Autocomplete
      ref={ref}
      {...common.props}
      value={value}
      onChange={onChange}
      data={suggestions}
      filter={({ options }) => options}
      limit={3}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
