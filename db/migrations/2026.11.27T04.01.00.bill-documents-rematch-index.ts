import type { Migration } from "../migrator";

/**
 * The DOCUMENTS_REMATCH job's queue (docs/decisions/044-document-matching.md): a company's documents waiting for their
 * purchase order (ORDER_NOT_FOUND_GPOS) or sent for review (RETRY), read in id order in batches.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX bill_documents_rematch_idx ON bill_documents (company_id, id)
      WHERE processing_status = 'RETRY' OR (match_status = 'ORDER_NOT_FOUND_GPOS' AND processing_status IN ('PENDING_REVIEW','UNMATCHED'));
  `);
};
