import type { Migration } from "../migrator";

/**
 * Monthly statements of a company (part 2 §7: GET /statement by month, /statement/{id}/details paged by
 * startAt/endAt over the lines). A job generates a statement; its lines are stored so a statement never changes
 * once generated, whatever happens to the records it lists.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE statements (
      id              serial PRIMARY KEY,
      company_id      integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      month           date NOT NULL CONSTRAINT statements_month_first_day CHECK (extract(day FROM month) = 1),
      -- The period covered: the month in the company's time zone (D1), as instants.
      start_at        timestamptz NOT NULL,
      end_at          timestamptz NOT NULL,
      currency        char(3) NOT NULL DEFAULT 'NZD' CHECK (currency IN ('NZD','AUD')),
      status          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','GENERATED','FAILED')),
      job_id          uuid REFERENCES jobs(id) ON DELETE SET NULL,
      opening_balance numeric(14,2),
      closing_balance numeric(14,2),
      generated_at    timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT statements_period CHECK (end_at > start_at),
      CONSTRAINT statements_generated_at CHECK (status <> 'GENERATED' OR generated_at IS NOT NULL),
      UNIQUE (company_id, month)
    );
    CREATE INDEX statements_job_idx ON statements (job_id) WHERE job_id IS NOT NULL;

    CREATE TABLE statement_lines (
      id                    serial PRIMARY KEY,
      statement_id          integer NOT NULL REFERENCES statements(id) ON DELETE CASCADE,
      line_number           integer NOT NULL CHECK (line_number >= 1),
      record_type           text NOT NULL CHECK (record_type IN ('INVOICE','BILL','CREDIT_NOTE','PAYMENT','TOPUP','WITHDRAWAL','FEE','CASHBACK')),
      occurred_at           timestamptz NOT NULL,
      reference             text,
      description           text,
      counterparty_name     text,
      invoice_id            integer REFERENCES invoices(id) ON DELETE SET NULL,
      credit_note_id        integer REFERENCES credit_notes(id) ON DELETE SET NULL,
      -- The ledger transaction behind a money line (ledger area; no foreign key across areas yet).
      ledger_transaction_id integer,
      amount                numeric(14,2) NOT NULL,
      fee                   numeric(14,2),
      cashback              numeric(14,2),
      balance               numeric(14,2),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (statement_id, line_number)
    );

    CREATE TRIGGER statements_updated_at BEFORE UPDATE ON statements FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
