import type { Migration } from "../migrator";

/**
 * A version per purchaser company of everything its offer suggestions are computed from (issue 13 part 21,
 * docs/decisions/029): the suggestions are cached under it and recomputed only when it moves.
 *
 * It moves, in the database so that no write path (services, imports, the seed, the CLI, hand-written SQL) can forget
 * it, with any change to:
 * - the company's bills (invoices issued_for it): a row added or removed, or its type, parties, number, due date,
 *   status, deletion, discounted total (a credit allocation changes it) or inclusion in the offer changed;
 * - its counterparty settings (offers enabled for a supplier);
 * - the open supplier offers and the offer execution results holding its bills (a bill with either is no candidate);
 * - the name of one of its suppliers (shown beside each suggested bill).
 * The offer's rate and cash pool, the runtime configuration and today are part of the cache key itself.
 *
 * The triggers are deferred constraint triggers: the version row is updated at commit, once per company and
 * transaction (a transaction-local setting remembers it), so a bulk import pays one update, and the row's lock is the
 * last one a transaction takes: it never holds it while waiting for a wallet, an offer or a bill. No foreign key: a
 * company deleted in the same transaction must not make the commit fail.
 */
/** The three deferred row triggers of `table` calling `fn`: on insert, on delete, and on an update where `changed` holds. */
const deferredTriggers = (name: string, table: string, fn: string, changed: string) =>
  ["INSERT", "DELETE", "UPDATE"]
    .map(
      (event) => `CREATE CONSTRAINT TRIGGER offer_suggestions_${name}_${event.toLowerCase()} AFTER ${event} ON ${table}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${event === "UPDATE" ? `WHEN (${changed})` : ""} EXECUTE FUNCTION ${fn}();`
    )
    .join("\n");

const TRIGGERS: [name: string, table: string][] = [
  ["invoice", "invoices"],
  ["counterparty", "counterparties"],
  ["soi", "supplier_offer_invoices"],
  ["result", "offer_execution_results"],
];

export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE offer_suggestion_versions (
      company_id integer PRIMARY KEY,
      version    bigint NOT NULL DEFAULT 0 CHECK (version >= 0)
    );

    CREATE FUNCTION offer_suggestions_touch(p_company integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_flag text := 'earlybird.offer_suggestions_' || p_company;
    BEGIN
      IF p_company IS NULL OR current_setting(v_flag, true) = 'touched' THEN
        RETURN;
      END IF;
      INSERT INTO offer_suggestion_versions AS v (company_id, version) VALUES (p_company, 1)
        ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
      PERFORM set_config(v_flag, 'touched', true);
    END $$;

    CREATE FUNCTION offer_suggestions_invoice_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM offer_suggestions_touch(OLD.issued_for); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM offer_suggestions_touch(NEW.issued_for); END IF;
      RETURN NULL;
    END $$;
    ${deferredTriggers(
      "invoice",
      "invoices",
      "offer_suggestions_invoice_changed",
      `OLD.issued_for IS DISTINCT FROM NEW.issued_for OR OLD.issued_by IS DISTINCT FROM NEW.issued_by
        OR OLD.type IS DISTINCT FROM NEW.type OR OLD.invoice_number IS DISTINCT FROM NEW.invoice_number
        OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.bill_status IS DISTINCT FROM NEW.bill_status
        OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.discounted_total IS DISTINCT FROM NEW.discounted_total
        OR OLD.include_in_purchaser_offer IS DISTINCT FROM NEW.include_in_purchaser_offer`
    )}

    CREATE FUNCTION offer_suggestions_counterparty_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM offer_suggestions_touch(OLD.company_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM offer_suggestions_touch(NEW.company_id); END IF;
      RETURN NULL;
    END $$;
    ${deferredTriggers(
      "counterparty",
      "counterparties",
      "offer_suggestions_counterparty_changed",
      `OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.counterparty_company_id IS DISTINCT FROM NEW.counterparty_company_id
        OR OLD.is_purchaser_offers_enabled IS DISTINCT FROM NEW.is_purchaser_offers_enabled`
    )}

    -- Supplier offer holdings and execution results: the bill's purchaser (read at commit; a bill deleted in the same
    -- transaction has touched it already).
    CREATE FUNCTION offer_suggestions_bill_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM offer_suggestions_touch((SELECT issued_for FROM invoices WHERE id = OLD.invoice_id)); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM offer_suggestions_touch((SELECT issued_for FROM invoices WHERE id = NEW.invoice_id)); END IF;
      RETURN NULL;
    END $$;
    ${deferredTriggers(
      "soi",
      "supplier_offer_invoices",
      "offer_suggestions_bill_link_changed",
      "OLD.invoice_id IS DISTINCT FROM NEW.invoice_id OR OLD.offer_status IS DISTINCT FROM NEW.offer_status"
    )}
    ${deferredTriggers(
      "result",
      "offer_execution_results",
      "offer_suggestions_bill_link_changed",
      "OLD.invoice_id IS DISTINCT FROM NEW.invoice_id OR OLD.status IS DISTINCT FROM NEW.status"
    )}

    -- A supplier renamed: every purchaser with it as a counterparty (only those can have its bills suggested).
    CREATE FUNCTION offer_suggestions_company_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM offer_suggestions_touch(cp.company_id) FROM counterparties cp WHERE cp.counterparty_company_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER offer_suggestions_company_renamed AFTER UPDATE ON companies
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name)
      EXECUTE FUNCTION offer_suggestions_company_renamed();
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS offer_suggestions_company_renamed ON companies;
    ${TRIGGERS.flatMap(([name, table]) => ["insert", "delete", "update"].map((event) => `DROP TRIGGER IF EXISTS offer_suggestions_${name}_${event} ON ${table};`)).join("\n")}
    DROP FUNCTION IF EXISTS offer_suggestions_company_renamed();
    DROP FUNCTION IF EXISTS offer_suggestions_bill_link_changed();
    DROP FUNCTION IF EXISTS offer_suggestions_counterparty_changed();
    DROP FUNCTION IF EXISTS offer_suggestions_invoice_changed();
    DROP FUNCTION IF EXISTS offer_suggestions_touch(integer);
    DROP TABLE IF EXISTS offer_suggestion_versions;
  `);
};
