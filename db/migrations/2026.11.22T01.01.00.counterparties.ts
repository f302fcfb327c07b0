import type { Migration } from "../migrator";

/**
 * A company's payment terms and GL accounts, and its counterparties (part 3 §2.4, §3, §5): the relationship between
 * an owning company and another company. The other company is a row of companies with its own status; what belongs
 * to the relationship (terms, GL code, queue, bank account, offers switch) lives here.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE payment_terms (
      id           serial PRIMARY KEY,
      company_id   integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      default_term boolean NOT NULL DEFAULT false,
      frequency    text NOT NULL CHECK (frequency IN ('MONTHLY','WEEKLY')),
      date         smallint CHECK (date BETWEEN 1 AND 31),
      day_of_week  text CHECK (day_of_week IN ('SUNDAY','MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY')),
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payment_terms_day_matches_frequency CHECK (
        (frequency = 'MONTHLY' AND date IS NOT NULL AND day_of_week IS NULL) OR
        (frequency = 'WEEKLY' AND day_of_week IS NOT NULL AND date IS NULL)
      ),
      -- Target of the counterparties' composite key: a counterparty only uses a term of its own company.
      UNIQUE (company_id, id)
    );
    -- "Duplicate payment terms are not allowed" (part 3 §5).
    CREATE UNIQUE INDEX payment_terms_monthly_key ON payment_terms (company_id, frequency, date) WHERE frequency = 'MONTHLY';
    CREATE UNIQUE INDEX payment_terms_weekly_key ON payment_terms (company_id, frequency, day_of_week) WHERE frequency = 'WEEKLY';
    CREATE UNIQUE INDEX payment_terms_one_default ON payment_terms (company_id) WHERE default_term;

    -- Accounting (GL) accounts of a company, loaded from Xero/MYOB or added by an admin, and the mapping of the
    -- accounts Earlybird posts to (part 1 "Earlybird account mapping").
    CREATE TABLE gl_accounts (
      id                      serial PRIMARY KEY,
      company_id              integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      account_id              text,
      account_code            text NOT NULL CHECK (length(trim(account_code)) > 0),
      account_name            text NOT NULL,
      is_visible_in_earlybird boolean NOT NULL DEFAULT true,
      is_default              boolean NOT NULL DEFAULT false,
      account_type            text,
      account_classification  text,
      tax_exempted            boolean,
      loaded_by               text NOT NULL DEFAULT 'EARLYBIRD' CHECK (loaded_by IN ('EARLYBIRD','XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      -- Deleting a GL code makes it invisible and non-default (part 3 §7.3), so a default is always visible.
      CONSTRAINT gl_accounts_default_visible CHECK (NOT is_default OR is_visible_in_earlybird),
      UNIQUE (company_id, account_code),
      UNIQUE (company_id, id)
    );
    CREATE UNIQUE INDEX gl_accounts_one_default ON gl_accounts (company_id) WHERE is_default;
    CREATE UNIQUE INDEX gl_accounts_external_key ON gl_accounts (company_id, account_id) WHERE account_id IS NOT NULL;
    CREATE INDEX gl_accounts_visible_idx ON gl_accounts (company_id, account_name) WHERE is_visible_in_earlybird;

    CREATE TABLE counterparties (
      id                             serial PRIMARY KEY,
      company_id                     integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      -- A merge re-points relationships before it removes a company, so the other side is never deleted under us.
      counterparty_company_id        integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      is_supplier                    boolean NOT NULL DEFAULT false,
      is_customer                    boolean NOT NULL DEFAULT false,
      external_account_id            text,
      nzbn                           text,
      -- 8-digit numbers are stored padded with a leading 0 (part 3 §5).
      gst_number                     text CHECK (gst_number ~ '^[0-9]{9}$'),
      is_purchaser_offers_enabled    boolean NOT NULL DEFAULT true,
      is_scheduled_payments_enabled  boolean NOT NULL DEFAULT false,
      -- NULL: the owning company's entity_preferences.default_processing_queue applies.
      default_processing_queue       text CHECK (default_processing_queue IN ('AUTOMATIC','MANUAL')),
      payment_term_id                integer,
      external_bank_account_number   text CHECK (length(external_bank_account_number) >= 16),
      gl_account_id                  integer,
      period_lock_date               date CONSTRAINT counterparties_period_lock_month_end
                                     CHECK (period_lock_date IS NULL OR extract(day FROM period_lock_date + 1) = 1),
      contact_email                  text CHECK (contact_email IS NULL OR position('@' in contact_email) > 1),
      -- When the owning company first invited this counterparty. The inviter list of a company (invitedBy) is the
      -- owners of its counterparty rows with invited_at set: the inviter is always the owner of the relationship.
      invited_at                     timestamptz,
      created_at                     timestamptz NOT NULL DEFAULT now(),
      updated_at                     timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT counterparties_not_self CHECK (company_id <> counterparty_company_id),
      CONSTRAINT counterparties_has_role CHECK (is_supplier OR is_customer),
      -- "Scheduled payments can only be enabled when an external bank account exists and a payment term exists."
      CONSTRAINT counterparties_scheduled_payments_ready CHECK (
        NOT is_scheduled_payments_enabled OR (external_bank_account_number IS NOT NULL AND payment_term_id IS NOT NULL)
      ),
      CONSTRAINT counterparties_payment_term_fkey FOREIGN KEY (company_id, payment_term_id)
        REFERENCES payment_terms (company_id, id) ON DELETE SET NULL (payment_term_id),
      CONSTRAINT counterparties_gl_account_fkey FOREIGN KEY (company_id, gl_account_id)
        REFERENCES gl_accounts (company_id, id) ON DELETE SET NULL (gl_account_id),
      UNIQUE (company_id, counterparty_company_id)
    );
    -- Admin directory filters (part 3 §7.3: defaultProcessingQueue, glCodes, paymentTermIds, isScheduledPaymentsEnabled;
    -- status and name come from companies, joined on counterparty_company_id).
    CREATE INDEX counterparties_counterparty_company_idx ON counterparties (counterparty_company_id);
    CREATE INDEX counterparties_invited_idx ON counterparties (counterparty_company_id) WHERE invited_at IS NOT NULL;
    CREATE INDEX counterparties_queue_idx ON counterparties (company_id, default_processing_queue);
    CREATE INDEX counterparties_gl_account_idx ON counterparties (company_id, gl_account_id) WHERE gl_account_id IS NOT NULL;
    CREATE INDEX counterparties_payment_term_idx ON counterparties (company_id, payment_term_id) WHERE payment_term_id IS NOT NULL;
    CREATE INDEX counterparties_scheduled_payments_idx ON counterparties (company_id) WHERE is_scheduled_payments_enabled;
    CREATE INDEX counterparties_suppliers_idx ON counterparties (company_id, is_purchaser_offers_enabled) WHERE is_supplier;
    CREATE INDEX counterparties_customers_idx ON counterparties (company_id) WHERE is_customer;
    -- The import matches rows on the owner's external account id, so it names one counterparty.
    CREATE UNIQUE INDEX counterparties_external_account_key ON counterparties (company_id, external_account_id) WHERE external_account_id IS NOT NULL;

    CREATE TRIGGER payment_terms_updated_at BEFORE UPDATE ON payment_terms FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER gl_accounts_updated_at BEFORE UPDATE ON gl_accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER counterparties_updated_at BEFORE UPDATE ON counterparties FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
