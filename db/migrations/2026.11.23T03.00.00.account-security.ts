import type { Migration } from "../migrator";

/**
 * Account security (issue 6 part 8, docs/decisions/024):
 * - users.pending_mfa_secret / pending_mfa_expires_at: a TOTP secret offered in settings but not yet confirmed with a
 *   code. MFA is on only once a code from it is confirmed (then it moves to mfa_secret); it lapses after 15 minutes.
 * - password_reset_requests: every forgot-password request (registered e-mail or not), so requests are limited per
 *   e-mail and per IP without revealing which e-mails exist.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE users
      ADD COLUMN pending_mfa_secret text,
      ADD COLUMN pending_mfa_expires_at timestamptz,
      ADD CONSTRAINT users_pending_mfa_check CHECK ((pending_mfa_secret IS NULL) = (pending_mfa_expires_at IS NULL));
    CREATE TABLE password_reset_requests (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email, created_at);
    CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip, created_at);
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TABLE password_reset_requests;
    ALTER TABLE users DROP CONSTRAINT users_pending_mfa_check, DROP COLUMN pending_mfa_expires_at, DROP COLUMN pending_mfa_secret;
  `);
};
