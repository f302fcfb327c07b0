/**
 * A search with suggestions to pick from (the register's companies, the address search), built to work without
 * JavaScript: a text box, a Search button that posts the form with its `intent` (the page answers with the
 * suggestions), and the suggestions as radio buttons named `choiceName`. With JavaScript, typing asks the resource
 * route after 1 s of quiet (spec p1 §9) and replaces the suggestions in place; the Search button stays as a fallback.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export const SEARCH_DEBOUNCE_MS = 1000;

export interface Suggestion {
  value: string;
  label: string;
  description?: string | null;
}

export function SuggestionSearch({
  id,
  label,
  queryName,
  query,
  searchIntent,
  resourceUrl,
  choiceName,
  suggestions,
  selected,
  onSelect,
  error,
  placeholder,
  required,
}: {
  id: string;
  label: string;
  /** Marks the search as required before submitting (the server still says so when nothing is picked). */
  required?: boolean;
  queryName: string;
  query: string;
  searchIntent: string;
  /** The resource route answering `{ suggestions: Suggestion[] }` for a query. */
  resourceUrl: (query: string) => string;
  choiceName: string;
  suggestions: Suggestion[];
  selected: string | null;
  onSelect?: (suggestion: Suggestion) => void;
  error?: string | null;
  placeholder?: string;
}) {
  const fetcher = useFetcher<{ suggestions: Suggestion[] }>();
  const [text, setText] = useState(query);
  const [choice, setChoice] = useState<string | null>(selected);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setChoice(selected), [selected]);
  const shown = fetcher.data?.suggestions ?? suggestions;
  const errorId = `${id}-error`;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={queryName}
          aria-required={required ? "true" : undefined}
          value={text}
          autoComplete="off"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => fetcher.load(resourceUrl(value.trim())), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            // Enter searches now instead of submitting the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              clearTimeout(timer.current);
              fetcher.load(resourceUrl(text.trim()));
            }
          }}
        />
        <Button type="submit" name="intent" value={searchIntent} variant="outline" formNoValidate>
          Search
        </Button>
      </div>
      {shown.length > 0 ? (
        <fieldset className="grid gap-1 rounded-md border p-2">
          <legend className="px-1 text-xs text-muted-foreground">Suggestions</legend>
          {shown.map((suggestion) => (
            <label
              key={suggestion.value}
              className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent has-[:checked]:bg-accent"
            >
              <input
                type="radio"
                name={choiceName}
                value={suggestion.value}
                checked={choice === suggestion.value}
                onChange={() => {
                  setChoice(suggestion.value);
                  onSelect?.(suggestion);
                }}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{suggestion.label}</span>
                {suggestion.description ? <span className="block text-xs text-muted-foreground">{suggestion.description}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : text.trim().length >= 3 && (fetcher.data || query) ? (
        <p className="text-sm text-muted-foreground">No suggestions found.</p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * An AU address picked from the address-search suggestions (spec p1 §5): the residential address of the identity
 * form and the business address of the business details.
 */
export function AuAddressSearch(props: {
  label: string;
  placeholder: string;
  query: string;
  selected: string | null;
  suggestions: Suggestion[];
  error?: string | null;
}) {
  return (
    <SuggestionSearch
      id="addressQuery"
      label={props.label}
      queryName="addressQuery"
      query={props.query}
      searchIntent="search-address"
      resourceUrl={(query) => `/resources/address-search?${new URLSearchParams({ q: query, country: "AU" })}`}
      choiceName="addressId"
      suggestions={props.suggestions}
      selected={props.selected}
      error={props.error}
      placeholder={props.placeholder}
      // Shown only where the address is required (the identity form's flag, the AU business details).
      required
    />
  );
}
