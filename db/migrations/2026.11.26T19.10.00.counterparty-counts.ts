import type { Migration } from "../migrator";

/**
 * How many counterparties each company has, by the columns the directory's tabs and unfiltered views filter on: the
 * status copied on the row (migration 2026.11.26T18.11.00), the two roles and the row's own processing queue
 * (docs/decisions/035). The directory counts a view without a GL, payment-term, scheduled-payments or name filter by
 * summing at most a few dozen of these rows instead of reading an index range of the company's rows (100,000 index
 * entries on a big company, on every load).
 *
 * Statement-level triggers with transition tables keep the counts exact for every writer (the counterparty import's
 * COPY-fed batches, invites, invoice imports, merges, Configure, a company's status passed on by companies_pass_status,
 * foreign-key cascades): one grouped upsert per statement, whatever its number of rows, so a 5,000-row batch pays one
 * aggregate, not 5,000 row triggers. An UPDATE writes only the groups whose count changed (a Configure of payment terms
 * touches nothing here). Groups are upserted in key order, so two writers of the same company take the count rows'
 * locks in the same order. A group that reaches 0 stays (a company has at most 3 statuses x 4 role pairs x 3 queues of
 * them); there is no foreign key to companies, so a deleted owner's rows go through the DELETE trigger (the cascade)
 * and end at 0 rather than racing a second cascade. TRUNCATE empties the table.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    -- No writer may slip between the count below and the triggers (the statements run as one transaction).
    LOCK TABLE counterparties IN SHARE ROW EXCLUSIVE MODE;

    CREATE TABLE counterparty_counts (
      company_id               integer NOT NULL,
      counterparty_status      text    NOT NULL,
      is_supplier              boolean NOT NULL,
      is_customer              boolean NOT NULL,
      default_processing_queue text,
      total                    bigint  NOT NULL,
      CONSTRAINT counterparty_counts_key UNIQUE NULLS NOT DISTINCT (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue)
    );

    INSERT INTO counterparty_counts (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, total)
    SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, count(*)
      FROM counterparties GROUP BY 1, 2, 3, 4, 5;

    -- Inserted rows count +1, deleted rows -1: both triggers name their transition table changed_rows.
    CREATE FUNCTION counterparty_counts_after_insert_or_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO counterparty_counts AS t (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, total)
      SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue,
             CASE TG_OP WHEN 'DELETE' THEN -count(*) ELSE count(*) END
        FROM changed_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue)
      DO UPDATE SET total = t.total + EXCLUDED.total;
      RETURN NULL;
    END $$;

    CREATE FUNCTION counterparty_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO counterparty_counts AS t (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, total)
      SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, sum(delta)
        FROM (SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, 1 AS delta FROM new_rows
              UNION ALL
              SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, -1 FROM old_rows) d
       GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (company_id, counterparty_status, is_supplier, is_customer, default_processing_queue)
      DO UPDATE SET total = t.total + EXCLUDED.total;
      RETURN NULL;
    END $$;

    CREATE FUNCTION counterparty_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM counterparty_counts;
      RETURN NULL;
    END $$;

    CREATE TRIGGER counterparty_counts_insert AFTER INSERT ON counterparties
      REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_counts_after_insert_or_delete();
    CREATE TRIGGER counterparty_counts_update AFTER UPDATE ON counterparties
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_counts_after_update();
    CREATE TRIGGER counterparty_counts_delete AFTER DELETE ON counterparties
      REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION counterparty_counts_after_insert_or_delete();
    CREATE TRIGGER counterparty_counts_truncate AFTER TRUNCATE ON counterparties
      FOR EACH STATEMENT EXECUTE FUNCTION counterparty_counts_after_truncate();
  `);
};
