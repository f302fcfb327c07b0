import type { Migration } from "../migrator";

/**
 * Bill document intake (issue 16 part 2, docs/decisions/042): the subject of the e-mail a document came in (the mailbox
 * row it points at is removed by retention after RETENTION_MAILBOX_DAYS, the document keeps its sender and subject), and
 * one live document per file and company: the same bytes (SHA-256) sent twice answer the document already stored, and
 * this unique index settles two intakes of the same file at the same moment. A deleted document frees its file.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE bill_documents ADD COLUMN source_email_subject text;
    CREATE UNIQUE INDEX bill_documents_live_sha_key ON bill_documents (company_id, content_sha256) WHERE deleted_at IS NULL;
    DROP INDEX bill_documents_sha_idx;
  `);
};
