import type { Migration } from "../migrator";

/**
 * Confirmed bills (spec part 3 §4.1; docs/decisions/047-document-review-actions.md). confirmed_at: when a reviewer
 * confirmed the document into PROCESSING ("a confirmed bill being processed", D6), which tells it from a document the
 * processing job is reading (also PROCESSING); cleared when the document leaves PROCESSING. editing: the PROCESSING
 * list's 'Enable Editing' / 'Done Editing' toggle. The toggles are recorded as EDIT review rows (details.editing), so
 * the review action check is left as it is.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE bill_documents ADD COLUMN editing boolean NOT NULL DEFAULT false, ADD COLUMN confirmed_at timestamptz;`);
};
