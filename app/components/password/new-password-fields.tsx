import { Check, Circle } from "~/components/ui/icons";
import { useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { PASSWORD_RULES } from "~/modules/password/schema";

/**
 * "New password" with the criteria shown below it (p1 §5: "Password should match the criteria as shown below"), and
 * "Confirm new password". Without JavaScript the criteria are a plain list; with it each one is ticked as it is met.
 */
export function NewPasswordFields({ errors, idPrefix = "new" }: { errors: { password?: string; confirmPassword?: string }; idPrefix?: string }) {
  const [value, setValue] = useState("");
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm-password`;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={passwordId} required>
          New password
        </Label>
        <Input
          id={passwordId}
          aria-required="true"
          name="password"
          type="password"
          autoComplete="new-password"
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={[errors.password ? `${passwordId}-error` : null, `${passwordId}-criteria`].filter(Boolean).join(" ")}
        />
        <FieldError id={`${passwordId}-error`} message={errors.password} />
        <ul id={`${passwordId}-criteria`} aria-label="Password criteria" className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
          {PASSWORD_RULES.map((rule) => {
            const met = value.length > 0 && rule.test(value);
            return (
              <li key={rule.label} className={cn("flex items-center gap-2", met && "text-success")}>
                {met ? <Check className="size-3.5 shrink-0" aria-hidden /> : <Circle className="size-3 shrink-0" aria-hidden />}
                <span>
                  {rule.label}
                  {met ? <span className="sr-only"> (met)</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="space-y-2">
        <Label htmlFor={confirmId} required>
          Confirm new password
        </Label>
        <Input
          id={confirmId}
          aria-required="true"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? `${confirmId}-error` : undefined}
        />
        <FieldError id={`${confirmId}-error`} message={errors.confirmPassword} />
      </div>
    </>
  );
}
