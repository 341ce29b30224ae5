/**
 * The browse page's search bar (spec §2 "Browse/search page"): a GET form with the free-text
 * query that keeps the other filters and resets to page 1 (spec §4). Works without JavaScript.
 * Texts in the page's locale; `action` is the page's localized path (issue 14 §2). Native
 * markup styled by filters.css, as the hero's search (issue 29 "Lean markup").
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { searchHref, withChanges } from "../../../lib/filters.ts";
import { type SearchParams, searchToQueryString } from "../../../lib/search-state.ts";
import { useLocaleNavigate } from "../../i18n/locale";
import "./filters.css";

/** Search bar bound to `params.query`, submitting to `action`. */
export function SearchBar({ params, action }: { params: SearchParams; action: string }) {
  const { t } = useTranslation("search");
  const navigate = useLocaleNavigate();
  const [query, setQuery] = useState(params.query ?? "");
  useEffect(() => setQuery(params.query ?? ""), [params.query]);
  const keep = new URLSearchParams(searchToQueryString({ ...params, query: undefined, page: 1 }));
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("searchBar.label")}
      onSubmit={(e) => {
        e.preventDefault();
        navigate(searchHref(action, withChanges(params, { query: query.trim() || undefined })), {
          preventScrollReset: true,
        });
      }}
    >
      {[...keep.entries()].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="hs-bar">
        <div>
          <label className="hs-label" htmlFor="search-bar-query">
            {t("searchBar.label")}
          </label>
          <input
            id="search-bar-query"
            className="hs-input hs-search"
            type="search"
            name="query"
            placeholder={t("searchBar.placeholder")}
            value={query}
            maxLength={200}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="hs-btn hs-primary">
          {t("searchBar.submit")}
        </button>
      </div>
    </Form>
  );
}
