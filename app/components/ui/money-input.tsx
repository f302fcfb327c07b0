import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { Input } from "~/components/ui/input";
import { editAmountInput, formatAmountForInput } from "~/lib/amount-input";
import { cn } from "~/lib/utils";

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value" | "onChange"> {
  /** A plain decimal ("1234.5") or formatted ("1,234.50") amount. */
  defaultValue?: string | null;
  /** Controlled use: the shown value (the parent keeps it from onValueChange). */
  value?: string;
  onValueChange?: (value: string) => void;
  /** Without the "$" before the field (a rate, or a field that shows its own prefix). */
  noPrefix?: boolean;
  /** Classes for the wrapper (e.g. "hidden" to hide the field with its "$"). */
  wrapperClassName?: string;
}

/**
 * The one money input (issue 20 part 5, docs/decisions/067): "$" before it, numbers only with at most two decimals
 * (lib/amount-input), shown as 1,234.56 once the field is left. It posts what it shows; the server reads it with
 * lib/money parseDecimalToCents, which drops the thousands separators, so the amount reaches it as exact cents.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(
  ({ defaultValue, value: controlled, onValueChange, noPrefix, wrapperClassName, className, onBlur, ...props }, ref) => {
    const [own, setOwn] = useState(() => formatAmountForInput(defaultValue ?? ""));
    const value = controlled ?? own;
    const setValue = (next: string) => {
      if (controlled === undefined) setOwn(next);
    };
    return (
      <span className={cn("relative block", wrapperClassName)}>
        {noPrefix ? null : (
          <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
            $
          </span>
        )}
        <Input
          ref={ref}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...props}
          className={cn(!noPrefix && "pl-7", "text-right tabular-nums", className)}
          value={value}
          onChange={(event) => {
            const plain = value.replace(/,/g, "");
          const edited = editAmountInput(event.currentTarget.value, plain);
          // A refused edit keeps the field exactly as it was (separators included).
          const next = edited === plain ? value : edited;
            setValue(next);
            onValueChange?.(next);
          }}
          onBlur={(event) => {
            const next = formatAmountForInput(value);
            setValue(next);
            onValueChange?.(next);
            onBlur?.(event);
          }}
        />
      </span>
    );
  }
);
MoneyInput.displayName = "MoneyInput";
