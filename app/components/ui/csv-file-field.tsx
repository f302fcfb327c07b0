import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";

/**
 * A CSV file input posted as `file`, with its hint, its error and the file's other problems listed under it (the
 * bank statement and bank returns imports).
 */
export function CsvFileField({ id, label, hint, error, details }: { id: string; label: string; hint: string; error: string | null; details: string[] }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        name="file"
        type="file"
        accept=".csv,text/csv"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      {details.length > 1 ? (
        <ul className="list-disc pl-5 text-sm text-destructive">
          {details.slice(1).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
