import type { Migration } from "../migrator";

/**
 * Core tables every other area references: companies, users and their tokens, sessions, login attempts,
 * feature flags, runtime config, jobs and the audit log. Enumerations are text + CHECK so later values are
 * one migration away.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END $$;

    CREATE TABLE companies (
      id                       serial PRIMARY KEY,
      status                   text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('INACTIVE','INVITED','PENDING','ACTIVE')),
      company_name             text NOT NULL CHECK (length(trim(company_name)) > 0),
      registration_number      text,
      nzbn                     text,
      business_number          text,
      industry_code            text,
      industry_code_description text,
      country                  char(2) NOT NULL DEFAULT 'NZ' CHECK (country IN ('NZ','AU')),
      address                  jsonb,
      website                  text,
      acknowledgement_text     text,
      acknowledgement_timestamp timestamptz,
      verification_status      text NOT NULL DEFAULT 'NOT_VERIFIED'
                               CHECK (verification_status IN ('NOT_VERIFIED','PARTIALLY_VERIFIED','VERIFICATION_PENDING','VERIFIED')),
      connected_to_xero                      boolean NOT NULL DEFAULT false,
      connected_to_myob_essentials           boolean NOT NULL DEFAULT false,
      connected_to_myob_account_right        boolean NOT NULL DEFAULT false,
      myob_essentials_accounts_configured    boolean NOT NULL DEFAULT false,
      myob_account_right_accounts_configured boolean NOT NULL DEFAULT false,
      inbound_email_address    text UNIQUE,
      created_at               timestamptz NOT NULL DEFAULT now(),
      updated_at               timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX companies_name_idx ON companies (lower(company_name));
    CREATE INDEX companies_verification_status_idx ON companies (verification_status, lower(company_name));
    CREATE INDEX companies_status_idx ON companies (status);

    CREATE TABLE users (
      id                       serial PRIMARY KEY,
      company_id               integer REFERENCES companies(id) ON DELETE RESTRICT,
      username                 text NOT NULL CHECK (username = lower(username) AND position('@' in username) > 1),
      password_hash            text,
      roles                    text[] NOT NULL DEFAULT ARRAY['ROLE_USER']::text[]
                               CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['ROLE_ADMIN','ROLE_USER','ROLE_DIRECTOR','ROLE_BENEFICIAL_OWNER']::text[]),
      first_name               text,
      middle_name              text,
      last_name                text,
      date_of_birth            date,
      drivers_licence_number   text CHECK (drivers_licence_number IS NULL OR drivers_licence_number ~ '^[A-Za-z]{2}[0-9]{6}$'),
      drivers_licence_version  text CHECK (drivers_licence_version IS NULL OR drivers_licence_version ~ '^[0-9]{3}$'),
      passport_number          text,
      verify_with              text NOT NULL DEFAULT 'LICENCE' CHECK (verify_with IN ('LICENCE','PASSPORT')),
      note                     text,
      verification_status      text NOT NULL DEFAULT 'NOT_VERIFIED'
                               CHECK (verification_status IN ('NOT_VERIFIED','VERIFICATION_PENDING','VERIFIED','VERIFICATION_FAILED')),
      address                  jsonb,
      phone_number             text,
      phone_number_verified    boolean NOT NULL DEFAULT false,
      ownership_percent        numeric(5,2) CHECK (ownership_percent IS NULL OR (ownership_percent >= 0 AND ownership_percent <= 100)),
      onboarding_state         text NOT NULL DEFAULT 'SIGNED_UP'
                               CHECK (onboarding_state IN ('SIGNED_UP','EMAIL_VERIFIED','PASSWORD_UPDATED','PHONE_NUMBER_VERIFIED','OWNER_VERIFIED','BUSINESS_DETAILS_CONFIRMED','ONBOARDED')),
      invitation_status        text CHECK (invitation_status IS NULL OR invitation_status IN ('INVITED','ACCEPTED')),
      mfa_enabled              boolean NOT NULL DEFAULT false,
      mfa_secret               text,
      sms_code_hash            text,
      sms_code_expires_at      timestamptz,
      sms_failed_attempts      integer NOT NULL DEFAULT 0 CHECK (sms_failed_attempts >= 0),
      last_modified_by         integer,
      last_login_at            timestamptz,
      disabled_at              timestamptz,
      created_at               timestamptz NOT NULL DEFAULT now(),
      updated_at               timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT mfa_enabled OR mfa_secret IS NOT NULL),
      CHECK (roles[1] = 'ROLE_ADMIN' OR company_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX users_username_key ON users (username);
    CREATE INDEX users_company_idx ON users (company_id);
    ALTER TABLE users ADD CONSTRAINT users_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES users(id) ON DELETE SET NULL;

    -- One-use tokens carried by links: sign-up, e-mail verification, activation, password reset, invites.
    CREATE TABLE user_tokens (
      id            serial PRIMARY KEY,
      user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose       text NOT NULL CHECK (purpose IN ('SIGNUP','EMAIL_VERIFICATION','ACTIVATION','PASSWORD_RESET','INVITE','NOTIFY')),
      token_hash    text NOT NULL UNIQUE,
      expires_at    timestamptz NOT NULL,
      used_at       timestamptz,
      revoked_at    timestamptz,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, purpose);

    -- Sessions live in the database so logout and expiry revoke them for real; only a hash of the token is stored.
    CREATE TABLE sessions (
      id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash    text NOT NULL UNIQUE,
      user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      ip            text,
      user_agent    text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      last_seen_at  timestamptz NOT NULL DEFAULT now(),
      idle_expires_at timestamptz NOT NULL,
      expires_at    timestamptz NOT NULL,
      revoked_at    timestamptz,
      revoked_reason text CHECK (revoked_reason IS NULL OR revoked_reason IN ('LOGOUT','EXPIRED','ADMIN','PASSWORD_CHANGED')),
      CHECK (expires_at > created_at)
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
    CREATE INDEX sessions_live_expiry_idx ON sessions (expires_at, idle_expires_at) WHERE revoked_at IS NULL;

    CREATE TABLE login_attempts (
      id          bigserial PRIMARY KEY,
      username    text NOT NULL,
      ip          text NOT NULL,
      succeeded   boolean NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_username_idx ON login_attempts (username, created_at DESC);
    CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at DESC);

    -- Admin overrides of the feature flags and runtime configuration whose defaults live in code (app/lib/flags.ts).
    CREATE TABLE feature_flags (
      name        text PRIMARY KEY,
      enabled     boolean NOT NULL,
      updated_by  integer REFERENCES users(id) ON DELETE SET NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE runtime_config (
      name        text PRIMARY KEY,
      value       text NOT NULL,
      updated_by  integer REFERENCES users(id) ON DELETE SET NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    -- Long work (imports, merges, executions, period locks, statements, scheduled jobs) is recorded here and polled.
    CREATE TABLE jobs (
      id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      type          text NOT NULL,
      status        text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','RUNNING','SUCCEEDED','FAILED','CANCELLED')),
      progress      integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      payload       jsonb NOT NULL DEFAULT '{}'::jsonb,
      result        jsonb,
      error         text,
      owner_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      company_id    integer REFERENCES companies(id) ON DELETE CASCADE,
      idempotency_key text UNIQUE,
      attempts      integer NOT NULL DEFAULT 0,
      created_at    timestamptz NOT NULL DEFAULT now(),
      started_at    timestamptz,
      finished_at   timestamptz,
      updated_at    timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'SUCCEEDED' OR progress = 100)
    );
    CREATE INDEX jobs_status_idx ON jobs (status, created_at);
    CREATE INDEX jobs_company_type_idx ON jobs (company_id, type, created_at DESC);
    CREATE INDEX jobs_owner_idx ON jobs (owner_user_id, created_at DESC);

    CREATE TABLE audit_log (
      id            bigserial PRIMARY KEY,
      actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      company_id    integer REFERENCES companies(id) ON DELETE SET NULL,
      action        text NOT NULL,
      entity_type   text,
      entity_id     text,
      details       jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip            text,
      request_id    text,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_company_idx ON audit_log (company_id, created_at DESC);
    CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);

    CREATE TRIGGER companies_updated_at BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER users_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER jobs_updated_at BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER feature_flags_updated_at BEFORE UPDATE ON feature_flags FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER runtime_config_updated_at BEFORE UPDATE ON runtime_config FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
