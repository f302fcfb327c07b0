import type { Migration } from "../migrator";

/**
 * The matching engine's own review action (docs/decisions/044-document-matching.md): MATCH records each decision that
 * moved a document (the reason and the list it went to); AUTO_PROCESS stays the authorisation of a clean match in the
 * AUTOMATIC queue, so "auto processed" counts read AUTO_PROCESS alone.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE bill_document_reviews DROP CONSTRAINT bill_document_reviews_action_check;
    ALTER TABLE bill_document_reviews ADD CONSTRAINT bill_document_reviews_action_check
      CHECK (action IN ('CONFIRM','DELETE','AUTHORISE','SEND_FOR_REVIEW','SEND_TO_PENDING_APPROVAL','EDIT','LOCK','UNLOCK','AUTO_PROCESS','MATCH'));
  `);
};
