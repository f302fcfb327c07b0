import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { cn } from "~/lib/utils";

/**
 * A six-box code entry (spec p1 §9: SMS and MFA codes, six boxes, digits only, paste fills all). Every box posts one
 * `name` value, so without JavaScript the form still submits (the server joins the values). With JavaScript typing
 * moves to the next box, Backspace goes back, and a paste (or the phone's one-time-code autofill) fills the boxes.
 */
export function CodeInput({
  name = "code",
  length = 6,
  label,
  disabled,
  invalid,
  describedBy,
  autoFocus,
  resetKey,
}: {
  name?: string;
  length?: number;
  /** The group's accessible name, e.g. "Verification code". */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Changing it empties the boxes (e.g. after a failed attempt or a new code). */
  resetKey?: string | number;
}) {
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ""));
  const [hydrated, setHydrated] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setDigits(Array.from({ length }, () => ""));
    if (resetKey !== undefined && !disabled) boxes.current[0]?.focus();
  }, [resetKey, length, disabled]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` digits from box `start` on, and moves to the box after the last one written. */
  const fill = (start: number, typed: string) => {
    const only = typed.replace(/\D/g, "").slice(0, length - start);
    if (!only) return;
    setDigits((current) => {
      const next = [...current];
      for (let offset = 0; offset < only.length; offset += 1) next[start + offset] = only[offset];
      return next;
    });
    focusBox(start + only.length);
  };

  const onChange = (index: number, value: string) => {
    if (value === "") {
      setDigits((current) => current.map((digit, at) => (at === index ? "" : digit)));
      return;
    }
    // Typing over a digit, or the phone's autofill writing the whole code into one box.
    const typed = value.replace(/\D/g, "");
    if (!typed) return;
    fill(typed.length >= length ? 0 : index, typed.length > 1 && typed.length < length ? typed.slice(-1) : typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits((current) => current.map((digit, at) => (at === index - 1 ? "" : digit)));
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
    event.preventDefault();
    if (!pasted) return;
    // A whole code fills every box whichever box has the focus.
    fill(pasted.length >= length ? 0 : index, pasted);
  };

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The boxes are positional: the index is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          name={name}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          // Without JavaScript a box holds one digit; with it, the first box may take an autofilled code.
          maxLength={hydrated ? length : 1}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          value={digit}
          onChange={(event) => onChange(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={cn(
            "h-12 w-10 rounded-md border border-input bg-background text-center text-lg font-semibold tabular-nums ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive sm:w-12"
          )}
        />
      ))}
    </div>
  );
}
