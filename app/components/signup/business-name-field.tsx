import { useFetcher } from "@remix-run/react";
import { Building2, Loader2 } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { REGISTER_SEARCH_DEBOUNCE_MS, REGISTER_SEARCH_MIN_LENGTH, type SignupCountry } from "~/modules/signup/schema";

export interface Suggestion {
  companyName: string;
  registrationNumber: string;
  nzbn: string | null;
  businessNumber: string | null;
  industryCodeDescription: string | null;
}

const numberLine = (s: Suggestion, country: SignupCountry) =>
  country === "AU" ? `ABN ${s.businessNumber ?? "—"}` : `NZBN ${s.nzbn ?? "—"} · Company number ${s.registrationNumber}`;

/**
 * Business name search (p1 §5): suggestions from the company register, from 3 characters, at most 5, debounced by 1
 * second. With JavaScript a combobox (an input with a listbox of options, arrow keys and Enter to pick); the pick is
 * posted as `registrationNumber`. Without it, a text field and a Search button whose answer lists the suggestions as
 * radio choices (`serverSuggestions`).
 */
export function BusinessNameField({
  country,
  defaultQuery,
  defaultSelection,
  serverSuggestions,
  error,
  answer,
}: {
  country: SignupCountry;
  defaultQuery: string;
  defaultSelection: Suggestion | null;
  serverSuggestions: Suggestion[] | null;
  error?: string | null;
  /** The server's answer this field belongs to: each new answer shows its message again. */
  answer?: object;
}) {
  const fetcher = useFetcher<{ q: string; country: SignupCountry; suggestions: Suggestion[] }>();
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(defaultQuery);
  const [selected, setSelected] = useState<Suggestion | null>(defaultSelection);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The server's message stands until the user changes the business name.
  const [touched, setTouched] = useState(false);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const firstCountry = useRef(country);

  useEffect(() => setHydrated(true), []);
  useEffect(() => setTouched(false), [answer]);

  // A change of country makes the pick meaningless (another register).
  useEffect(() => {
    if (firstCountry.current === country) return;
    firstCountry.current = country;
    setSelected(null);
    setOpen(false);
  }, [country]);

  const trimmed = query.trim();
  useEffect(() => {
    if (!hydrated || selected || trimmed.length < REGISTER_SEARCH_MIN_LENGTH) return;
    const timer = window.setTimeout(() => {
      fetcher.load(`/resources/register-search?${new URLSearchParams({ q: trimmed, country }).toString()}`);
      setOpen(true);
      setActive(-1);
    }, REGISTER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // fetcher.load is stable enough for this; listing fetcher would restart the timer on every answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, country, hydrated, selected]);

  const fresh = fetcher.data && fetcher.data.q === trimmed && fetcher.data.country === country;
  const suggestions = hydrated && fresh ? fetcher.data!.suggestions : [];
  const searching = fetcher.state === "loading";
  const showList = hydrated && open && !selected && trimmed.length >= REGISTER_SEARCH_MIN_LENGTH && (fresh || searching);

  function pick(suggestion: Suggestion) {
    setTouched(true);
    setSelected(suggestion);
    setQuery(suggestion.companyName);
    setOpen(false);
    setActive(-1);
  }

  const shownError = touched ? null : error;
  const describedBy = [shownError ? "company-error" : null, "company-hint"].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor="companyQuery" required>
        Business name
      </Label>
      <div className="relative">
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id="companyQuery"
            aria-required="true"
            name="companyQuery"
            value={query}
            autoComplete="off"
            placeholder="Start typing your registered business name"
            role={hydrated ? "combobox" : undefined}
            aria-autocomplete={hydrated ? "list" : undefined}
            aria-expanded={hydrated ? showList : undefined}
            aria-controls={showList ? listId : undefined}
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setQuery(event.target.value);
              setTouched(true);
              setSelected(null);
              setOpen(true);
            }}
            onKeyDown={(event) => {
              if (!showList || suggestions.length === 0) return;
              if (event.key === "ArrowDown") {
                event.preventDefault();
                setActive((i) => (i + 1) % suggestions.length);
              } else if (event.key === "ArrowUp") {
                event.preventDefault();
                setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
              } else if (event.key === "Enter" && active >= 0) {
                event.preventDefault();
                pick(suggestions[active]);
              } else if (event.key === "Escape") {
                setOpen(false);
              }
            }}
            onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          />
          {/* Without JavaScript the search is a plain submit; the answer lists the suggestions as radio choices. */}
          {hydrated ? null : (
            <Button type="submit" name="intent" value="search" variant="outline">
              Search
            </Button>
          )}
        </div>
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Business name suggestions"
            className="absolute z-20 mt-1 w-full overflow-hidden rounded-md border bg-popover shadow-lg"
          >
            {searching && !fresh ? (
              <li className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground" role="presentation">
                <Loader2 className="size-4 animate-spin" aria-hidden /> Searching…
              </li>
            ) : suggestions.length === 0 ? (
              <li className="px-3 py-2 text-sm text-muted-foreground" role="presentation">
                No companies found. Check the spelling of the registered name.
              </li>
            ) : (
              suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.registrationNumber}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  aria-label={suggestion.companyName}
                  className={cn("cursor-pointer px-3 py-2 text-sm", index === active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60")}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(suggestion);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className="block font-medium">{suggestion.companyName}</span>
                  <span className="block text-xs text-muted-foreground">{numberLine(suggestion, country)}</span>
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
      <p id="company-hint" className="text-xs text-muted-foreground">
        Type at least {REGISTER_SEARCH_MIN_LENGTH} letters of your registered business name, then pick it from the suggestions.
      </p>
      {serverSuggestions && !selected ? (
        <fieldset className="space-y-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Pick your company</legend>
          {serverSuggestions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No companies found. Check the spelling of the registered name.</p>
          ) : null}
          {serverSuggestions.map((suggestion) => (
            <label key={suggestion.registrationNumber} className="flex items-start gap-2 text-sm">
              <input type="radio" name="registrationNumber" value={suggestion.registrationNumber} className="mt-1" />
              <span>
                <span className="block font-medium">{suggestion.companyName}</span>
                <span className="block text-xs text-muted-foreground">{numberLine(suggestion, country)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {selected ? (
        <div className="flex items-start gap-2 rounded-md border border-primary/30 bg-accent/40 p-3 text-sm" aria-live="polite">
          <Building2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <div>
            <p className="font-medium">{selected.companyName}</p>
            <p className="text-xs text-muted-foreground">
              {numberLine(selected, country)}
              {selected.industryCodeDescription ? ` · ${selected.industryCodeDescription}` : ""}
            </p>
          </div>
          <input type="hidden" name="registrationNumber" value={selected.registrationNumber} />
        </div>
      ) : null}
      <FieldError id="company-error" message={shownError} />
    </div>
  );
}
