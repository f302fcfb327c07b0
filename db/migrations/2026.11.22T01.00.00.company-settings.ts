import type { Migration } from "../migrator";

/**
 * Per-company configuration: company settings (document processing, authorisation tolerance, pending-approval
 * queue; part 3 "Entity settings" and §9), entity preferences (part 3 "Entity preferences", period lock) and the
 * 6-digit invite codes of sign-up (part 1 §5).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE company_settings (
      id                                  serial PRIMARY KEY,
      company_id                          integer NOT NULL UNIQUE REFERENCES companies(id) ON DELETE CASCADE,
      is_ripe_enabled                     boolean NOT NULL DEFAULT false,
      is_ripe_lite_enabled                boolean NOT NULL DEFAULT false,
      -- How far above the invoice (or PO) amount an authorised amount may go (part 3 §5; default 5).
      authorisation_tolerance             numeric(14,2) NOT NULL DEFAULT 5.00 CHECK (authorisation_tolerance >= 0),
      is_pending_approval_queue_enabled   boolean NOT NULL DEFAULT false,
      is_aged_payables_filter_enabled     boolean NOT NULL DEFAULT false,
      is_counterparty_period_lock_enabled boolean NOT NULL DEFAULT false,
      created_at                          timestamptz NOT NULL DEFAULT now(),
      updated_at                          timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE entity_preferences (
      id                                                  serial PRIMARY KEY,
      company_id                                          integer NOT NULL UNIQUE REFERENCES companies(id) ON DELETE CASCADE,
      is_accept_approved_invoices_from_purchasers_enabled boolean NOT NULL DEFAULT false,
      is_share_approved_invoices_with_suppliers_enabled   boolean NOT NULL DEFAULT false,
      -- MANUAL by default: nothing becomes an authorised bill without a person until the company opts in.
      default_processing_queue                            text NOT NULL DEFAULT 'MANUAL' CHECK (default_processing_queue IN ('AUTOMATIC','MANUAL')),
      -- Locks are set to a month end (part 3 §4.10): the day after is the 1st.
      period_lock_date                                    date CONSTRAINT entity_preferences_period_lock_month_end
                                                          CHECK (period_lock_date IS NULL OR extract(day FROM period_lock_date + 1) = 1),
      created_at                                          timestamptz NOT NULL DEFAULT now(),
      updated_at                                          timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE invite_codes (
      id                 serial PRIMARY KEY,
      code               char(6) NOT NULL UNIQUE CHECK (code ~ '^[0-9]{6}$'),
      company_id         integer REFERENCES companies(id) ON DELETE CASCADE,
      email              text CHECK (email IS NULL OR (email = lower(email) AND position('@' in email) > 1)),
      created_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      expires_at         timestamptz NOT NULL,
      used_at            timestamptz,
      used_by_user_id    integer REFERENCES users(id) ON DELETE SET NULL,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      CHECK (used_by_user_id IS NULL OR used_at IS NOT NULL),
      CHECK (expires_at > created_at)
    );
    CREATE INDEX invite_codes_company_idx ON invite_codes (company_id) WHERE company_id IS NOT NULL;
    CREATE INDEX invite_codes_email_idx ON invite_codes (email) WHERE email IS NOT NULL;

    CREATE TRIGGER company_settings_updated_at BEFORE UPDATE ON company_settings FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER entity_preferences_updated_at BEFORE UPDATE ON entity_preferences FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER invite_codes_updated_at BEFORE UPDATE ON invite_codes FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
