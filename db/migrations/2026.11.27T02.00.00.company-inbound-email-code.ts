import type { Migration } from "../migrator";

/**
 * Each company's inbound bill address (issue 16 part 2, docs/decisions/042): `<code>@<INBOUND_MAIL_DOMAIN>`. The code is a
 * stable token of 12 lower-case hex characters, given to every company now and to each new one by the column default,
 * unique so an address names one company. The older free-text inbound_email_address is left as it is (unused).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE companies
      ADD COLUMN inbound_email_code text NOT NULL
        DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
        CONSTRAINT companies_inbound_email_code_format CHECK (inbound_email_code ~ '^[a-z0-9][a-z0-9-]{2,62}$');
    ALTER TABLE companies ADD CONSTRAINT companies_inbound_email_code_key UNIQUE (inbound_email_code);
  `);
};
