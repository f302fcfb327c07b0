import { useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { REQUIRED_MARK_CLASS } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { daysInMonth } from "~/modules/kyc/schema";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

/**
 * Date of birth as three plain selects (spec p1 §5: years from this year back 100, months 01-12, days limited by the
 * month's length). Without JavaScript all 31 days are offered and the server refuses an impossible date; with it the
 * day options follow the chosen month and year.
 */
export function DateOfBirthSelect({
  years,
  value,
  error,
  errorId = "dateOfBirth-error",
}: {
  years: number[];
  value: { day: string; month: string; year: string };
  error?: string | null;
  /** Unique per page when several forms show one. */
  errorId?: string;
}) {
  const [month, setMonth] = useState(value.month);
  const [year, setYear] = useState(value.year);
  const [day, setDay] = useState(value.day);
  const limit = month ? daysInMonth(Number(year) || 2000, Number(month)) : 31;
  const invalid = error ? true : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className={cn("mb-2 text-sm font-medium leading-none", REQUIRED_MARK_CLASS)}>Date of birth</legend>
      <div className="grid grid-cols-[1fr_2fr_1.4fr] gap-2">
        <select name="dobDay" aria-label="Day" aria-required="true" value={day} onChange={(event) => setDay(event.target.value)} className={selectClass} aria-invalid={invalid}>
          <option value="">Day</option>
          {Array.from({ length: limit }, (_, index) => String(index + 1)).map((option) => (
            <option key={option} value={option}>
              {option.padStart(2, "0")}
            </option>
          ))}
        </select>
        <select
          name="dobMonth"
          aria-label="Month"
          aria-required="true"
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            if (event.target.value && Number(day) > daysInMonth(Number(year) || 2000, Number(event.target.value))) setDay("");
          }}
          className={selectClass}
          aria-invalid={invalid}
        >
          <option value="">Month</option>
          {MONTHS.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          name="dobYear"
          aria-label="Year"
          aria-required="true"
          value={year}
          onChange={(event) => {
            setYear(event.target.value);
            if (month && Number(day) > daysInMonth(Number(event.target.value) || 2000, Number(month))) setDay("");
          }}
          className={selectClass}
          aria-invalid={invalid}
        >
          <option value="">Year</option>
          {years.map((option) => (
            <option key={option} value={String(option)}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
