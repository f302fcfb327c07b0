/**
 * A new counterparty made on the spot from Add bill / Add invoice and the Create screens (issue 20 part 3,
 * docs/decisions/065-first-run.md): a company name, a contact e-mail, a GST number. The GST rules and their words are
 * the counterparty import's (p3 §5 "Counterparty import file rows"); the name's is the add form's (p2 §5 "Please type
 * company name"); the e-mail's is the new contact form's (p3 §5). Pure: shared by the server and the form.
 */
import { z } from "zod";
import { COUNTERPARTY_ROW_MESSAGES, NAME_MAX, collapseSpaces, normaliseGst } from "./import-rules";

export const NEW_COUNTERPARTY_MESSAGES = {
  name: "Please type company name",
  nameTooLong: COUNTERPARTY_ROW_MESSAGES.nameTooLong,
  email: "Email is not in valid format",
  gstDigits: COUNTERPARTY_ROW_MESSAGES.gstDigits,
  gstLength: COUNTERPARTY_ROW_MESSAGES.gstLength,
} as const;

/** The form's field names (distinct from the record's own fields, which share the form). */
export const NEW_COUNTERPARTY_FIELDS = { name: "newCompanyName", email: "newCompanyEmail", gst: "newCompanyGst" } as const;

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const NewCounterpartySchema = z
  .object({
    [NEW_COUNTERPARTY_FIELDS.name]: text
      .transform(collapseSpaces)
      .pipe(z.string().min(1, NEW_COUNTERPARTY_MESSAGES.name).max(NAME_MAX, NEW_COUNTERPARTY_MESSAGES.nameTooLong)),
    [NEW_COUNTERPARTY_FIELDS.email]: text
      .transform((value) => value.trim())
      .pipe(z.string().max(254, NEW_COUNTERPARTY_MESSAGES.email).refine((value) => value === "" || EMAIL.test(value), NEW_COUNTERPARTY_MESSAGES.email)),
    [NEW_COUNTERPARTY_FIELDS.gst]: text.transform((value, ctx) => {
      if (value.trim() === "") return null;
      const gst = normaliseGst(value.trim());
      if (!gst.ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: gst.reason });
        return z.NEVER;
      }
      return gst.gst;
    }),
  })
  .transform((form) => ({
    companyName: form[NEW_COUNTERPARTY_FIELDS.name],
    contactEmail: form[NEW_COUNTERPARTY_FIELDS.email] === "" ? null : form[NEW_COUNTERPARTY_FIELDS.email].toLowerCase(),
    gstNumber: form[NEW_COUNTERPARTY_FIELDS.gst],
  }));

export type NewCounterpartyInput = z.output<typeof NewCounterpartySchema>;

/** What the form holds for the new counterparty (text as typed). */
export interface NewCounterpartyValues {
  newCompanyName: string;
  newCompanyEmail: string;
  newCompanyGst: string;
}

export const emptyNewCounterparty = (): NewCounterpartyValues => ({ newCompanyName: "", newCompanyEmail: "", newCompanyGst: "" });
