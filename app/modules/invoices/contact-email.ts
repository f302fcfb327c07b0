/**
 * Each side of a record keeps its own contact e-mail (issue 13 part 17; docs/decisions/033): the supplier's on its
 * invoice (issuer_contact_email, its contact at the customer), the purchaser's on its bill (recipient_contact_email,
 * its contact at the supplier). Every read and write of a side's contact goes through this column map, so neither side
 * ever reads or edits the other's.
 */
export const CONTACT_EMAIL_COLUMN = { INVOICE: "issuer_contact_email", BILL: "recipient_contact_email" } as const;

/** The side's contact column, qualified with a table alias ("i.recipient_contact_email"). */
export const contactEmailColumn = (side: "INVOICE" | "BILL", alias = "i") => `${alias}.${CONTACT_EMAIL_COLUMN[side]}`;
