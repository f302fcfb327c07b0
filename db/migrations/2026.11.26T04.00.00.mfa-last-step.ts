import type { Migration } from "../migrator";

/**
 * TOTP codes work once (issue 13 part 8, docs/decisions/032): users.mfa_last_step is the time step (30-second steps
 * since 1970) of the last authenticator code accepted for the user. A code of that step or an earlier one is refused,
 * with a fresh challenge too. An integer holds the step count until the year 4011.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE users ADD COLUMN mfa_last_step integer CHECK (mfa_last_step >= 0)`);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE users DROP COLUMN mfa_last_step`);
};
