/**
 * The confirmations of the bills list actions Include, Exclude and Notify (decision 068). The row and bulk buttons
 * (selection.tsx, invites/row-actions.tsx) open them with a GET to the action's route, which renders this dialog over
 * the list; only its button posts. Being a route, it works without JavaScript; Cancel is a link back to the list.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";

const SHOWN_NUMBERS = 10;

export type ConfirmListIntent = "include" | "exclude" | "notify";

export interface ConfirmRecord {
  id: number;
  number: string;
  companyName: string;
  contactEmail?: string | null;
}

const plural = (count: number) => `${count} bill(s)`;

/** The dialog's texts, from the intent and the records (pure, so a test can read them). */
export function confirmTexts(intent: ConfirmListIntent, records: readonly ConfirmRecord[]) {
  const count = records.length;
  switch (intent) {
    case "include":
      return { title: "Include in your offer", description: `Include ${plural(count)} in your offer?`, confirm: "Include", pending: "Including..." };
    case "exclude":
      return { title: "Exclude from your offer", description: `Exclude ${plural(count)} from your offer?`, confirm: "Exclude", pending: "Excluding..." };
    case "notify": {
      const first = records[0];
      const who = first ? `${first.companyName}${first.contactEmail ? ` (${first.contactEmail})` : ""}` : "the supplier";
      return {
        title: "Notify supplier",
        description: `Send ${who} an e-mail about ${count === 1 ? "this bill" : `${count} bills`}?`,
        confirm: "Notify",
        pending: "Notifying...",
      };
    }
  }
}

export function ConfirmListActionDialog({
  intent,
  records,
  closeTo,
  action,
  fields = [],
  idField = "ids",
  description,
}: {
  intent: ConfirmListIntent;
  records: readonly ConfirmRecord[];
  /** Cancel and closing go back here (the list with its query). */
  closeTo: string;
  /** Where the confirmation posts. */
  action: string;
  /** Further hidden fields posted with the ids (intent, returnTo, ...). */
  fields?: readonly [string, string][];
  /** The name the ids are posted under. */
  idField?: string;
  /** In place of the intent's question (e.g. every unpaid bill of a supplier). */
  description?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.split("?")[0] === action.split("?")[0];
  const texts = confirmTexts(intent, records);
  return (
    <RouteDialog title={texts.title} closeTo={closeTo} description={description ?? texts.description}>
      {records.length === 0 ? null : (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-3 text-sm" aria-label="Selected bills">
          {records.slice(0, SHOWN_NUMBERS).map((record) => (
            <li key={record.id} className="flex justify-between gap-3">
              <span className="font-medium">{record.number}</span>
              <span className="truncate text-muted-foreground">{record.companyName}</span>
            </li>
          ))}
          {records.length > SHOWN_NUMBERS ? <li className="text-muted-foreground">and {records.length - SHOWN_NUMBERS} more</li> : null}
        </ul>
      )}
      <Form method="post" action={action} preventScrollReset>
        {records.map((record) => (
          <input key={record.id} type="hidden" name={idField} value={record.id} />
        ))}
        {fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" name="confirmed" value="1" disabled={pending}>
            {pending ? texts.pending : texts.confirm}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
