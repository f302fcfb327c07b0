import type { Migration } from "../migrator";

/**
 * The PROCESSING list's 'Enable Editing' / 'Done Editing' toggle (spec part 3 §4.1; docs/decisions/047-document-review-
 * actions.md): whether a confirmed bill's fields are open for editing. The toggles are recorded as EDIT review rows
 * (details.editing), so the review action check is left as it is.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE bill_documents ADD COLUMN editing boolean NOT NULL DEFAULT false;`);
};
