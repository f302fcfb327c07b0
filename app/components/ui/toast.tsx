/**
 * Toasts: short notices of a success or an error (GUIDE "Screens": a toast for every success and error
 * the spec lists). One <Toaster/> is mounted in app/root.tsx.
 *
 * Three ways to raise one:
 * 1. In the browser: `toast.success("Bank account added")`, `toast.error(message)`, `toast.info(message)`.
 * 2. From an action (or fetcher) that stays on the page: return `json({ toast: { type: "success", message } })`
 *    and call `useServerToast(actionData)` (or `useServerToast(fetcher.data)`) in the route component.
 * 3. From an action or loader that redirects: `throw redirectWithToast("/bills", { type: "success", message })`
 *    (toast.server.ts). The toast rides in a one-shot cookie that the root loader reads and clears.
 *
 * Success and info toasts close after 5 s (the timer pauses while the pointer or focus is on them);
 * errors stay until dismissed, so nobody misses a failed payment. Success/info are announced politely
 * (role="status"), errors assertively (role="alert"); both live regions are in the page from the start
 * so screen readers pick up what is added to them.
 */
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "~/components/ui/icons";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { cn } from "~/lib/utils";

export type ToastType = "success" | "error" | "info" | "warning";

/** What a server hands to the client: in action data as `{ toast }`, or in the flash cookie. */
export interface ToastMessage {
  type: ToastType;
  message: string;
  /** Set for flashed toasts so one flash is shown once, however often the root data re-renders. */
  id?: string;
  /** An Undo button (decision 068): a POST of `fields` to `action` that reverts exactly what the toast reports. */
  undo?: ToastUndo;
}

export interface ToastUndo {
  /** A same-site path (the route that made the change), with the list query. */
  action: string;
  fields: [string, string][];
}

interface ActiveToast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
  undo?: ToastUndo;
}

export interface ToastOptions {
  id?: string;
  /** Milliseconds before it closes; Infinity keeps it until dismissed. */
  duration?: number;
  undo?: ToastUndo;
}

const MAX_TOASTS = 5;
const DEFAULT_DURATION: Record<ToastType, number> = { success: 5000, info: 5000, warning: 8000, error: Infinity };

let toasts: ActiveToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const shownIds = new Set<string>();
const shownObjects = new WeakSet<object>();
const EMPTY: ActiveToast[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function add(type: ToastType, message: string, options: ToastOptions = {}): string {
  // Toasts belong to one browser tab; on the server this module is shared by every request.
  if (typeof document === "undefined") return "";
  const id = options.id ?? `toast-${++counter}`;
  if (shownIds.has(id)) return id;
  shownIds.add(id);
  toasts = [...toasts, { id, type, message, duration: options.duration ?? DEFAULT_DURATION[type], undo: options.undo }].slice(-MAX_TOASTS);
  emit();
  return id;
}

function dismiss(id?: string) {
  toasts = id ? toasts.filter((item) => item.id !== id) : [];
  emit();
}

export const toast = {
  success: (message: string, options?: ToastOptions) => add("success", message, options),
  error: (message: string, options?: ToastOptions) => add("error", message, options),
  info: (message: string, options?: ToastOptions) => add("info", message, options),
  warning: (message: string, options?: ToastOptions) => add("warning", message, options),
  show: (message: ToastMessage, options?: ToastOptions) => add(message.type, message.message, { id: message.id, undo: message.undo, ...options }),
  dismiss,
};

function isToastMessage(value: unknown): value is ToastMessage {
  if (!value || typeof value !== "object") return false;
  const candidate = value as Partial<ToastMessage>;
  return (candidate.type === "success" || candidate.type === "error" || candidate.type === "info" || candidate.type === "warning") && typeof candidate.message === "string";
}

/**
 * Shows the toast a server answer carries: `data.toast` (action or fetcher data), or a ToastMessage
 * itself. Each answer is shown once (new data from a new submission shows again).
 */
export function useServerToast(data: unknown) {
  const candidate = data && typeof data === "object" && "toast" in data ? (data as { toast: unknown }).toast : data;
  const message = isToastMessage(candidate) ? candidate : null;
  useEffect(() => {
    if (!message) return;
    if (message.id) {
      toast.show(message);
      return;
    }
    if (shownObjects.has(message)) return;
    shownObjects.add(message);
    toast.show(message);
  }, [message]);
}

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info, warning: TriangleAlert } as const;
/** Undo: a real form, so it works from the server's markup too (without JavaScript). */
function UndoForm({ undo, onSubmit }: { undo: ToastUndo; onSubmit?: () => void }) {
  return (
    <Form method="post" action={undo.action} preventScrollReset onSubmit={onSubmit} className="shrink-0">
      {undo.fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="-my-1 rounded-sm px-2 py-1 font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Undo
      </button>
    </Form>
  );
}

const ICON_CLASSES: Record<ToastType, string> = { success: "text-success", error: "text-destructive", info: "text-primary", warning: "text-amber-600" };

function ToastItem({ item }: { item: ActiveToast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);
  const Icon = ICONS[item.type];

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  return (
    <div
      className={cn(
        "pointer-events-auto flex items-start gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-lg",
        item.type === "error" && "border-destructive/40",
        item.type === "warning" && "border-amber-500/50"
      )}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", ICON_CLASSES[item.type])} aria-hidden />
      <p className="min-w-0 flex-1 break-words font-medium leading-5">{item.message}</p>
      {item.undo ? <UndoForm undo={item.undo} onSubmit={() => dismiss(item.id)} /> : null}
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        className="-m-1 shrink-0 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </div>
  );
}

/** A flashed toast as the server draws it: no timer and no Dismiss button (it goes with the next page). */
function StaticToast({ flash }: { flash: ToastMessage }) {
  const Icon = ICONS[flash.type];
  return (
    <div className="pointer-events-auto flex items-start gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-lg">
      <Icon className={cn("mt-0.5 size-5 shrink-0", ICON_CLASSES[flash.type])} aria-hidden />
      <p className="min-w-0 flex-1 break-words font-medium leading-5">{flash.message}</p>
      {flash.undo ? <UndoForm undo={flash.undo} /> : null}
    </div>
  );
}

/** The toast stack, bottom right. `flash` is the toast the root loader read from the flash cookie. */
export function Toaster({ flash }: { flash?: ToastMessage | null }) {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY
  );
  useServerToast(flash ?? null);
  // Until the page is hydrated (and for good without JavaScript) the flashed toast is drawn from the server's markup;
  // once hydrated the store above holds it, with its timer and its Dismiss button. (A <noscript> copy is not enough:
  // Chromium with scripts switched off by emulation, as Playwright does, parses <noscript> as text.)
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const staticFlash = !hydrated && flash ? flash : null;
  const errors = items.filter((item) => item.type === "error");
  const notices = items.filter((item) => item.type !== "error");
  const listClasses = "flex flex-col gap-2 empty:hidden";

  return (
    <section aria-label="Notifications" className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      <div role="alert" aria-live="assertive" aria-relevant="additions text" className={listClasses}>
        {staticFlash?.type === "error" ? <StaticToast flash={staticFlash} /> : null}
        {errors.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" aria-relevant="additions text" className={listClasses}>
        {staticFlash && staticFlash.type !== "error" ? <StaticToast flash={staticFlash} /> : null}
        {notices.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}
