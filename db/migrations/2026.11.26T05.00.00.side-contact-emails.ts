import type { Migration } from "../migrator";

/**
 * Each side of a record keeps its own contact e-mail (issue 13 part 17; docs/decisions/033). One invoices row is the
 * supplier's invoice (issued_by) and the purchaser's bill (issued_for); its single contact_email was shown to and
 * editable by both, so a purchaser saw, and could overwrite, the supplier's customer contact (usually the purchaser's
 * own accounts address) and invited or notified with it.
 * - issuer_contact_email (was contact_email): the issuer's contact at the recipient, for the supplier's invites.
 * - recipient_contact_email: the recipient's contact at the issuer, for the purchaser's invites and notifications.
 * Backfill: the current value belongs to the side that last set it (the newest invoice.contact_email audit entry, by
 * the editor's company), else to the side that loaded the record (type INVOICE: the issuer; BILL: the recipient). A
 * side that edited it earlier gets its own last value back from the audit log; otherwise the other side starts empty.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE invoices RENAME COLUMN contact_email TO issuer_contact_email;
    ALTER TABLE invoices ADD COLUMN recipient_contact_email text;

    WITH edits AS (
      SELECT i.id AS invoice_id, a.id AS audit_id, a.created_at, a.details->>'contactEmail' AS email,
             CASE WHEN a.company_id = i.issued_by THEN 'ISSUER' WHEN a.company_id = i.issued_for THEN 'RECIPIENT' END AS side
        FROM audit_log a JOIN invoices i ON a.entity_id = i.id::text
       WHERE a.action = 'invoice.contact_email' AND a.entity_type = 'invoice'
    ),
    last_by_side AS (
      SELECT DISTINCT ON (invoice_id, side) invoice_id, side, email FROM edits WHERE side IS NOT NULL
       ORDER BY invoice_id, side, created_at DESC, audit_id DESC
    ),
    last_overall AS (
      SELECT DISTINCT ON (invoice_id) invoice_id, side FROM edits WHERE side IS NOT NULL ORDER BY invoice_id, created_at DESC, audit_id DESC
    ),
    owner AS (
      SELECT i.id,
             COALESCE(lo.side, CASE WHEN i.type = 'BILL' THEN 'RECIPIENT' ELSE 'ISSUER' END) AS current_side,
             (SELECT email FROM last_by_side l WHERE l.invoice_id = i.id AND l.side = 'ISSUER') AS issuer_edit,
             (SELECT email FROM last_by_side l WHERE l.invoice_id = i.id AND l.side = 'RECIPIENT') AS recipient_edit
        FROM invoices i LEFT JOIN last_overall lo ON lo.invoice_id = i.id
       WHERE i.issuer_contact_email IS NOT NULL OR lo.invoice_id IS NOT NULL
    )
    UPDATE invoices i
       SET recipient_contact_email = CASE WHEN o.current_side = 'RECIPIENT' THEN i.issuer_contact_email ELSE o.recipient_edit END,
           issuer_contact_email = CASE WHEN o.current_side = 'ISSUER' THEN i.issuer_contact_email ELSE o.issuer_edit END
      FROM owner o
     WHERE o.id = i.id;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    UPDATE invoices SET issuer_contact_email = recipient_contact_email WHERE type = 'BILL';
    ALTER TABLE invoices DROP COLUMN recipient_contact_email;
    ALTER TABLE invoices RENAME COLUMN issuer_contact_email TO contact_email;
  `);
};
