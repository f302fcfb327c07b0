import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { Input } from "~/components/ui/input";
import { isoToInputDate, maskInputDate } from "~/lib/date-input";

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value" | "onChange"> {
  /** YYYY-MM-DD or DD/MM/YYYY; shown as DD/MM/YYYY. */
  defaultValue?: string | null;
  onValueChange?: (value: string) => void;
}

/**
 * The one date input (issue 20 part 5, docs/decisions/067): a text field in DD/MM/YYYY, never the browser's date
 * picker (which shows mm/dd/yyyy in some locales). Typing digits inserts the slashes; the server parses DD/MM/YYYY
 * (lib/dates parseInputDate, which still accepts ISO). Works without JavaScript: it is a plain text field.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(({ defaultValue, onValueChange, placeholder, ...props }, ref) => {
  const [value, setValue] = useState(() => isoToInputDate(defaultValue ?? ""));
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? "DD/MM/YYYY"}
      maxLength={10}
      {...props}
      value={value}
      onChange={(event) => {
        const next = maskInputDate(event.currentTarget.value, value);
        setValue(next);
        onValueChange?.(next);
      }}
    />
  );
});
DateInput.displayName = "DateInput";
