import type { Migration } from "../migrator";

/**
 * Every change to feature_flags or runtime_config notifies the channel earlybird_settings at commit, so each web
 * process's cached copy is emptied (app/modules/settings/service.server.ts; issue 19).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE FUNCTION earlybird_notify_settings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('earlybird_settings', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
    CREATE TRIGGER feature_flags_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_flags
      FOR EACH STATEMENT EXECUTE FUNCTION earlybird_notify_settings();
    CREATE TRIGGER runtime_config_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON runtime_config
      FOR EACH STATEMENT EXECUTE FUNCTION earlybird_notify_settings();
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS feature_flags_notify ON feature_flags;
    DROP TRIGGER IF EXISTS runtime_config_notify ON runtime_config;
    DROP FUNCTION IF EXISTS earlybird_notify_settings();
  `);
};
