import type { Migration } from "../migrator";

/**
 * The per-company accounting sync log (issue 18 parts 4-6): one row per thing a sync in or out did or failed to do
 * (a bill created from Xero, a payment recorded in MYOB, a run started or finished), shown on Settings → Connected
 * apps and by `earlybird accounting:status`. Append-only.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE accounting_sync_events (
      id              bigserial PRIMARY KEY,
      company_id      integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      connection_id   integer REFERENCES accounting_connections(id) ON DELETE SET NULL,
      provider        text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      direction       text NOT NULL CHECK (direction IN ('IN','OUT','CONNECTION')),
      kind            text NOT NULL CHECK (kind IN ('CONNECTION','SYNC','CONTACT','BILL','INVOICE','CREDIT_NOTE','ACCOUNT',
                        'PURCHASE_ORDER','AGED_PAYABLES','BILL_CREATE','PAYMENT','FEE','CASHBACK','TOKEN')),
      outcome         text NOT NULL CHECK (outcome IN ('STARTED','COMPLETED','CREATED','UPDATED','SKIPPED','FAILED','RETRYING','CONNECTED','DISCONNECTED')),
      external_id     text,
      invoice_id      integer REFERENCES invoices(id) ON DELETE SET NULL,
      message         text,
      details         jsonb,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX accounting_sync_events_company_idx ON accounting_sync_events (company_id, created_at DESC, id DESC);
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP TABLE accounting_sync_events;`);
};
