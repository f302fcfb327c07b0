import type { Migration } from "../migrator";

/**
 * Invoices and bills in one table (part 2 §3). issued_by is the supplier, issued_for the purchaser; an INVOICE is
 * owned and listed by issued_by, a BILL by issued_for. invoice_number is the billNumber of a bill and order_number
 * its billOrderNumber (invoiceOrderNumber of an invoice).
 *
 * credit_note_value is the sum of the Earlybird credit-note allocations on the invoice: the credit-notes migration
 * makes the database maintain it. discounted_total (total after credit) is derived from it and cannot be written.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE invoices (
      id                        serial PRIMARY KEY,
      type                      text NOT NULL CHECK (type IN ('INVOICE','BILL')),
      issued_by                 integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      issued_for                integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      issued_by_company_name    text NOT NULL,
      issued_for_company_name   text NOT NULL,
      invoice_number            text NOT NULL CHECK (length(trim(invoice_number)) > 0),
      order_number              text,
      issue_date                date,
      due_date                  date NOT NULL,
      currency                  char(3) NOT NULL DEFAULT 'NZD' CHECK (currency IN ('NZD','AUD')),
      sub_total                 numeric(14,2) CHECK (sub_total >= 0),
      gst                       numeric(14,2) CHECK (gst >= 0),
      total                     numeric(14,2) NOT NULL CONSTRAINT invoices_total_not_negative CHECK (total >= 0),
      total_paid                numeric(14,2) NOT NULL DEFAULT 0,
      credit_note_value         numeric(14,2) NOT NULL DEFAULT 0,
      discounted_total          numeric(14,2) GENERATED ALWAYS AS (total - credit_note_value) STORED,
      invoice_status            text CHECK (invoice_status IN ('ALL_ELIGIBLE','PAYMENT_READY','PAYMENT_RECEIVED','PAID','CASHBACK_OFFERED','EXPIRED')),
      bill_status               text CHECK (bill_status IN ('CASHBACK_AVAILABLE','PAYMENT_OFFERED','CASHBACK_OFFERED','NOT_ELIGIBLE',
                                                            'NOT_ELIGIBLE_EXPIRED','NOT_ELIGIBLE_OFFER_PENDING','NO_CASHBACK','PAID')),
      cash_reward               numeric(14,2),
      service_fee               numeric(14,2),
      paid_date                 date,
      include_in_purchaser_offer boolean NOT NULL DEFAULT false,
      contact_email             text CHECK (contact_email IS NULL OR position('@' in contact_email) > 1),
      sent_to_supplier          boolean NOT NULL DEFAULT false,
      used_for_invite           boolean NOT NULL DEFAULT false,
      create_bill_in_xero       boolean NOT NULL DEFAULT false,
      bill_gl_code              text,
      loaded_by                 text NOT NULL DEFAULT 'EARLYBIRD'
                                CHECK (loaded_by IN ('EARLYBIRD','SYSTEM','RIPE','XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      external_id               text,
      -- The bill document this bill was authorised from (documents table of the document-processing area).
      ripe_bill_document_id     integer,
      deleted_at                timestamptz,
      created_at                timestamptz NOT NULL DEFAULT now(),
      updated_at                timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invoices_parties_differ CHECK (issued_by <> issued_for),
      CONSTRAINT invoices_total_paid_within_total CHECK (total_paid >= 0 AND total_paid <= total),
      -- An invoice's credit allocations never exceed its total.
      CONSTRAINT invoices_credit_within_total CHECK (credit_note_value >= 0 AND credit_note_value <= total),
      CONSTRAINT invoices_discounted_total_range CHECK (discounted_total >= 0 AND discounted_total <= total),
      CONSTRAINT invoices_cash_reward_range CHECK (cash_reward IS NULL OR (cash_reward >= 0 AND cash_reward <= total)),
      CONSTRAINT invoices_service_fee_range CHECK (service_fee IS NULL OR (service_fee >= 0 AND service_fee <= total)),
      -- Credit stays on live invoices only: a deleted invoice must release its allocations first.
      CONSTRAINT invoices_deleted_without_credit CHECK (deleted_at IS NULL OR credit_note_value = 0)
    );

    -- Numbers are unique per owner among live rows: an invoice per supplier; a bill per purchaser and supplier
    -- (supplier companies are shared, so two purchasers may each hold a bill numbered 1001 from the same supplier).
    CREATE UNIQUE INDEX invoices_invoice_number_key ON invoices (issued_by, invoice_number)
      WHERE type = 'INVOICE' AND deleted_at IS NULL;
    CREATE UNIQUE INDEX invoices_bill_number_key ON invoices (issued_for, issued_by, invoice_number)
      WHERE type = 'BILL' AND deleted_at IS NULL;
    -- A record loaded again from the accounting system is the same record.
    CREATE UNIQUE INDEX invoices_external_key ON invoices (loaded_by, type, external_id)
      WHERE external_id IS NOT NULL AND deleted_at IS NULL;

    -- List filters and sorts (part 2 §2, §7): both sides list live rows by company, default sort dueDate.
    CREATE INDEX invoices_issued_by_due_idx ON invoices (issued_by, due_date, id) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_due_idx ON invoices (issued_for, due_date, id) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_invoice_status_idx ON invoices (issued_by, invoice_status, due_date) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_bill_status_idx ON invoices (issued_for, bill_status, due_date) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_total_idx ON invoices (issued_by, total) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_total_idx ON invoices (issued_for, total) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_discounted_total_idx ON invoices (issued_by, discounted_total) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_discounted_total_idx ON invoices (issued_for, discounted_total) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_number_idx ON invoices (issued_for, invoice_number) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_number_idx ON invoices (issued_by, invoice_number) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_order_number_idx ON invoices (issued_for, order_number) WHERE order_number IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_customer_name_idx ON invoices (issued_by, lower(issued_for_company_name)) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_supplier_name_idx ON invoices (issued_for, lower(issued_by_company_name)) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_in_purchaser_offer_idx ON invoices (issued_for, due_date) WHERE include_in_purchaser_offer AND deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_loaded_by_idx ON invoices (issued_for, loaded_by, due_date) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_loaded_by_idx ON invoices (issued_by, loaded_by, due_date) WHERE deleted_at IS NULL;
    CREATE INDEX invoices_issued_by_paid_idx ON invoices (issued_by, paid_date) WHERE paid_date IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX invoices_issued_for_paid_idx ON invoices (issued_for, paid_date) WHERE paid_date IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX invoices_used_for_invite_idx ON invoices (issued_by, issued_for) WHERE used_for_invite AND deleted_at IS NULL;
    CREATE INDEX invoices_ripe_document_idx ON invoices (ripe_bill_document_id) WHERE ripe_bill_document_id IS NOT NULL;

    CREATE TABLE invoice_items (
      id           serial PRIMARY KEY,
      invoice_id   integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      item_number  integer NOT NULL CHECK (item_number BETWEEN 1 AND 10000),
      description  text,
      units        numeric(12,2) CHECK (units >= 0),
      unit_type    text CHECK (unit_type IN ('HOURS','QUANTITY')),
      unit_price   numeric(14,2) CHECK (unit_price >= 0),
      amount       numeric(14,2) NOT NULL CHECK (amount >= 0),
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      UNIQUE (invoice_id, item_number)
    );

    CREATE TRIGGER invoices_updated_at BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER invoice_items_updated_at BEFORE UPDATE ON invoice_items FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
