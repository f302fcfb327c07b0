import type { Migration } from "../migrator";

/**
 * Owners and directors verify through /verify?token= without an account (issue 20 part 2, decision 064): a link token
 * of its own purpose, OWNER_VERIFICATION, and the address it was e-mailed to (an owner made from the register has no
 * deliverable username; the KYC result e-mail goes to that address).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check;
    ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check
      CHECK (purpose IN ('SIGNUP','EMAIL_VERIFICATION','ACTIVATION','PASSWORD_RESET','INVITE','NOTIFY','OWNER_VERIFICATION'));
    ALTER TABLE user_tokens ADD COLUMN email text NULL CHECK (email IS NULL OR length(email) <= 320);
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DELETE FROM user_tokens WHERE purpose = 'OWNER_VERIFICATION';
    ALTER TABLE user_tokens DROP COLUMN email;
    ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check;
    ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check
      CHECK (purpose IN ('SIGNUP','EMAIL_VERIFICATION','ACTIVATION','PASSWORD_RESET','INVITE','NOTIFY'));
  `);
};
