/**
 * The counterparty picker of the create screens and the Add dialog (p2 §7 counter-parties lookup, §9 "500 ms
 * debounce for counterparty pickers"). With JavaScript it is a combobox: typing asks /resources/counterparties
 * (the actor's own counterparties) after 500 ms of quiet, arrows move through the suggestions, Enter picks one,
 * Escape closes. Without JavaScript it is a plain <select> of the options the page's loader gave.
 * The form receives counterpartyId (the company id) and counterpartyName (the text).
 * With `onAddNew`, a name that matches nothing is offered as a new counterparty ("Add "…" as a new supplier") instead
 * of "No companies found" (issue 20 part 3): the caller opens its new-counterparty fields with the typed name.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import type { PaymentTermLike } from "~/modules/invoices/schema";

export interface PickerOption {
  id: number;
  companyName: string;
  paymentTerm: PaymentTermLike | null;
  isPurchaserOffersEnabled?: boolean;
}

export const PICKER_DEBOUNCE_MS = 500;

/** False on the server and in the first client render, true once React has hydrated. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function CounterpartyPicker({
  id,
  label,
  role,
  options,
  selected,
  onSelect,
  error,
  onAddNew,
  required,
}: {
  id: string;
  label: string;
  /** Marks the picker as required before submitting (the server still says so when nothing is chosen). */
  required?: boolean;
  role: "SUPPLIER" | "CUSTOMER";
  /** Initial options (the no-JavaScript select, and the suggestions before anything is typed). */
  options: PickerOption[];
  selected: { id: number | null; name: string };
  onSelect: (option: PickerOption | null, text: string) => void;
  error?: string | null;
  /** Offer the typed name as a new counterparty (the caller's NewCounterpartyFields). */
  onAddNew?: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  const listId = useId();
  const fetcher = useFetcher<{ counterparties: PickerOption[] }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const suggestions = searched && fetcher.data ? fetcher.data.counterparties : options;
  const typed = selected.name.trim();
  const noun = role === "SUPPLIER" ? "supplier" : "customer";
  const exactMatch = suggestions.some((option) => option.companyName.trim().toLowerCase() === typed.toLowerCase());
  // The last entry of the list: the typed name as a new counterparty, when nothing has that name.
  const addNew = onAddNew && fetcher.state === "idle" && selected.id === null && !exactMatch ? { label: typed ? `Add "${typed}" as a new ${noun}` : `Add a new ${noun}` } : null;
  const entries = suggestions.length + (addNew ? 1 : 0);

  if (!hydrated) {
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id} required={required}>
          {label}
        </Label>
        <select
          id={id}
          name="counterpartyId"
          aria-required={required ? "true" : undefined}
          defaultValue={selected.id ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
        >
          <option value="">Select company</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.companyName}
            </option>
          ))}
        </select>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ role, name: text.trim(), limit: "20" });
      setSearched(true);
      fetcher.load(`/resources/counterparties?${params}`);
    }, PICKER_DEBOUNCE_MS);
  };

  const chooseAddNew = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
    onAddNew?.(typed);
  };

  const choose = (option: PickerOption) => {
    clearTimeout(timer.current);
    onSelect(option, option.companyName);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input type="hidden" name="counterpartyId" value={selected.id ?? ""} />
      <Input
        id={id}
        name="counterpartyName"
        aria-required={required ? "true" : undefined}
        role="combobox"
        autoComplete="off"
        placeholder="Type a company name"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={
          open && active >= 0 && suggestions[active] ? `${listId}-${suggestions[active].id}` : open && addNew && active === suggestions.length ? `${listId}-new` : undefined
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={selected.name}
        onChange={(event) => {
          onSelect(null, event.target.value);
          setOpen(true);
          setActive(-1);
          search(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, entries - 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
            event.preventDefault();
            choose(suggestions[active]);
          } else if (event.key === "Enter" && open && addNew && active === suggestions.length) {
            event.preventDefault();
            chooseAddNew();
          } else if (event.key === "Escape" && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className={cn(
          "absolute left-0 right-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border bg-card p-1 text-sm text-card-foreground shadow-md",
          !open && "hidden"
        )}
      >
        {fetcher.state === "loading" ? <li className="px-2 py-1.5 text-muted-foreground">Loading...</li> : null}
        {suggestions.length === 0 && fetcher.state === "idle" && !addNew ? <li className="px-2 py-1.5 text-muted-foreground">No companies found</li> : null}
        {suggestions.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${option.id}`}
            role="option"
            aria-selected={selected.id === option.id}
            className={cn(
              "cursor-pointer rounded-sm px-2 py-1.5",
              index === active && "bg-accent text-accent-foreground",
              selected.id === option.id && "font-medium"
            )}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.companyName}
          </li>
        ))}
        {addNew ? (
          <li
            id={`${listId}-new`}
            role="option"
            aria-selected={false}
            className={cn("cursor-pointer rounded-sm px-2 py-1.5 font-medium text-primary", active === suggestions.length && "bg-accent")}
            onMouseDown={(event) => event.preventDefault()}
            onClick={chooseAddNew}
          >
            {addNew.label}
          </li>
        ) : null}
      </ul>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
