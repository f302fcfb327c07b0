import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/invoices/selection";
import { cn } from "~/lib/utils";

export const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

interface Common {
  /** The row's visible label, which also names the control. */
  label: string;
  description?: string;
  /** The form field carrying the value. */
  name: string;
  /** Where the form posts (the page's own URL with its query). */
  action: string;
  intent: string;
  /** Hidden fields sent with the value: the row's id and modificationTime. */
  hidden: Record<string, string | number>;
}

export type EditThenSaveProps = Common &
  ({ kind: "switch"; value: boolean } | { kind: "select"; value: string; options: readonly { value: string; label: string }[] });

/**
 * A setting that is edited, then saved (spec p3 §4.11): Save is enabled only when the value changed, and once the
 * save is answered the control shows the stored value again, so a failed save reverts (its error is the toast the
 * action redirects with). Without JavaScript it is a plain form whose Save always posts.
 */
export function EditThenSave(props: EditThenSaveProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const id = useId();
  const stored = props.kind === "switch" ? String(props.value) : props.value;
  const [draft, setDraft] = useState(stored);
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);

  useEffect(() => setDraft(stored), [stored]);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      setDraft(stored);
    }
  }, [busy, stored]);

  const changed = draft !== stored;
  return (
    <fetcher.Form
      method="post"
      action={props.action}
      className="flex flex-col gap-3 border-b py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 space-y-1">
        <label id={`${id}-label`} htmlFor={`${id}-control`} className="text-sm font-medium">
          {props.label}
        </label>
        {props.description ? <p className="text-sm text-muted-foreground">{props.description}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {props.kind === "switch" ? (
          <SwitchInput id={`${id}-control`} name={props.name} checked={draft === "true"} disabled={busy} onChange={(checked) => setDraft(String(checked))} />
        ) : (
          <select
            id={`${id}-control`}
            name={props.name}
            value={draft}
            disabled={busy}
            onChange={(event) => setDraft(event.target.value)}
            className={cn(SELECT_CLASS, "w-40")}
          >
            {props.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
        <Button type="submit" size="sm" variant={changed ? "default" : "outline"} disabled={busy || (hydrated && !changed)} aria-label={`Save ${props.label}`}>
          {busy ? "Saving…" : "Save"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * A checkbox drawn as a switch. A hidden "false" before it makes an unticked box post false, and the box itself (on
 * top, transparent) takes the clicks, so it is a real form control with or without JavaScript.
 */
export function SwitchInput({
  id,
  name,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <span className="relative inline-flex h-6 w-11 shrink-0">
      <input type="hidden" name={name} value="false" />
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        value="true"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden
        className="size-full rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:opacity-60"
      />
      <span aria-hidden className="absolute left-0.5 top-0.5 size-5 rounded-full bg-background shadow transition-transform peer-checked:translate-x-5" />
    </span>
  );
}
