export type VerifyWith = "LICENCE" | "PASSPORT";

const CHOICES: readonly (readonly [VerifyWith, string])[] = [
  ["LICENCE", "Driver's licence"],
  ["PASSPORT", "Passport"],
];

/**
 * The identity document to check against (spec p1 §5): a driver's licence, or a passport when the verifyWithPassport
 * flag is on; without the flag a hidden field says LICENCE. Used by the person's /verify form and the admin's edit.
 */
export function VerifyWithChoice({ passportAllowed, value, onChange }: { passportAllowed: boolean; value: VerifyWith; onChange: (next: VerifyWith) => void }) {
  if (!passportAllowed) return <input type="hidden" name="verifyWith" value="LICENCE" />;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">Verify with</legend>
      <div className="flex gap-4 text-sm">
        {CHOICES.map(([choice, label]) => (
          <label key={choice} className="flex items-center gap-2">
            <input type="radio" name="verifyWith" value={choice} checked={value === choice} onChange={() => onChange(choice)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
