import type { Migration } from "../migrator";

/**
 * Idempotency keys stay unchangeable, but an old one may now be deleted (the retention job, issue 14 part 6): a key
 * answers repeats of a request for minutes or days, not for ever. The database still refuses to delete a key younger
 * than a day, whatever the configured period.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER idempotency_keys_append_only ON idempotency_keys;
    CREATE TRIGGER idempotency_keys_no_update BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE FUNCTION idempotency_keys_delete_only_old() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.created_at > now() - interval '1 day' THEN
        RAISE EXCEPTION 'idempotency key % is less than a day old and cannot be deleted', OLD.id;
      END IF;
      RETURN OLD;
    END $$;
    CREATE TRIGGER idempotency_keys_delete_only_old BEFORE DELETE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION idempotency_keys_delete_only_old();
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
  `);
};
