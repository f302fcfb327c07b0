import type { Migration } from "../migrator";

/**
 * Connections to Xero, MYOB Essentials and MYOB AccountRight (spec part 1 §4, §7; decisions D7): the OAuth 2.0
 * connection and its tokens, the one-use state of an authorisation in flight, and the Earlybird account mapping
 * (the fees, cashback and bank accounts Earlybird posts to in the company's books).
 *
 * Tokens and company-file credentials are secrets: the integrations module encrypts them before they are stored.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE accounting_connections (
      id                      serial PRIMARY KEY,
      company_id              integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      provider                text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      status                  text NOT NULL DEFAULT 'CONNECTED' CHECK (status IN ('CONNECTED','DISCONNECTED','ERROR')),
      -- Xero tenant id, or the MYOB business id.
      external_tenant_id      text,
      -- AccountRight only: the selected company file and its credentials.
      company_file_id         text,
      company_file_name       text,
      company_file_uri        text,
      company_file_credentials text,
      access_token            text,
      refresh_token           text,
      token_expires_at        timestamptz,
      scope                   text,
      connected_by_user_id    integer REFERENCES users(id) ON DELETE RESTRICT,
      connected_at            timestamptz NOT NULL DEFAULT now(),
      disconnected_at         timestamptz,
      last_sync_at            timestamptz,
      last_error              text,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT accounting_connections_disconnected_check CHECK (status <> 'DISCONNECTED' OR disconnected_at IS NOT NULL),
      CONSTRAINT accounting_connections_company_file_check CHECK (provider = 'MYOB_ACCOUNT_RIGHT'
        OR (company_file_id IS NULL AND company_file_name IS NULL AND company_file_uri IS NULL AND company_file_credentials IS NULL))
    );
    -- One live connection per company and provider; disconnected ones stay as history.
    CREATE UNIQUE INDEX accounting_connections_live_key ON accounting_connections (company_id, provider) WHERE status <> 'DISCONNECTED';
    CREATE INDEX accounting_connections_tenant_idx ON accounting_connections (provider, external_tenant_id);
    -- The token refresh job: live connections by expiry.
    CREATE INDEX accounting_connections_expiry_idx ON accounting_connections (token_expires_at) WHERE status = 'CONNECTED';
    CREATE TRIGGER accounting_connections_updated_at BEFORE UPDATE ON accounting_connections FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- The state parameter of an OAuth authorisation in flight (with its PKCE verifier); used once, then spent.
    CREATE TABLE oauth_states (
      id              serial PRIMARY KEY,
      state           text NOT NULL UNIQUE CHECK (length(state) >= 16),
      company_id      integer REFERENCES companies(id) ON DELETE CASCADE,
      user_id         integer REFERENCES users(id) ON DELETE CASCADE,
      provider        text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      code_verifier   text,
      redirect_after  text,
      expires_at      timestamptz NOT NULL,
      used_at         timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now(),
      CHECK (expires_at > created_at)
    );
    CREATE INDEX oauth_states_expiry_idx ON oauth_states (expires_at);

    -- The Earlybird account mapping (spec p1 §3): the accounts in the company's books Earlybird posts fees,
    -- cashback and bank movements to, one of each per provider.
    CREATE TABLE relay_accounts (
      id                      serial PRIMARY KEY,
      company_id              integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      provider                text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      earlybird_account_type  text NOT NULL CHECK (earlybird_account_type IN ('EARLYBIRD_FEES','EARLYBIRD_REWARDS','EARLYBIRD_BANK_ACCOUNT')),
      code                    text NOT NULL CHECK (length(trim(code)) > 0),
      account_name            text NOT NULL CHECK (length(trim(account_name)) > 0),
      -- xeroAccountType or myobAccountType.
      provider_account_type   text,
      account_classification  text,
      tax_exempted            boolean NOT NULL DEFAULT false,
      external_account_id     text,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT relay_accounts_company_provider_type_key UNIQUE (company_id, provider, earlybird_account_type)
    );
    CREATE TRIGGER relay_accounts_updated_at BEFORE UPDATE ON relay_accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
