import type { Migration } from "../migrator";

/**
 * The review lists' keyset paging (issue 17 part 1; docs/decisions/048-review-lists.md): one index per sort, each the
 * list's processing status range of one company in the sort's order with the id as the tie-break, so a page is an index
 * range read after (or before) a cursor row. The nullable sort columns are indexed as their COALESCE (a missing issue
 * date or amount sorts first ascending), the same expression the list orders by, so a row comparison can page them.
 * The reason index keeps a list's documents by match reason with what the statistics sum, so the tabs' counts and
 * documentStatistics read it alone (index-only once vacuumed).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX bill_documents_review_created_idx ON bill_documents (company_id, processing_status, created_at, id);
    CREATE INDEX bill_documents_review_issue_idx ON bill_documents (company_id, processing_status, (COALESCE(date_issue, '-infinity'::date)), id);
    CREATE INDEX bill_documents_review_amount_idx ON bill_documents (company_id, processing_status, (COALESCE(invoice_amount, -1::numeric)), id);
    -- The tabs' counts and the statistics' grouped sums: the reasons of a list, read index-only.
    CREATE INDEX bill_documents_review_reason_idx ON bill_documents (company_id, processing_status, match_status)
      INCLUDE (invoice_amount, pos_amount, supplier_name, counterparty_id);
  `);
};
