import type { Migration } from "../migrator";

/**
 * Guesses at sign-up invite codes (docs/decisions/022): each code checked on /signup is one row, so the page can refuse
 * a client address that keeps guessing. Kept apart from login_attempts so code guesses never lock anyone out of login.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE invite_code_attempts (
      id          bigserial PRIMARY KEY,
      ip          text NOT NULL,
      succeeded   boolean NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invite_code_attempts_ip_idx ON invite_code_attempts (ip, created_at) WHERE NOT succeeded;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP TABLE invite_code_attempts;`);
};
