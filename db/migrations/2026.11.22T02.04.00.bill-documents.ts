import type { Migration } from "../migrator";

/**
 * Bill documents and their processing (decisions D6, spec part 3 §3-4): the uploaded or e-mailed file, the pages
 * shown beside the review form, the GL line allocation, and the review history.
 *
 * counterparty_id, purchase_order_id and invoice_id point at the trade tables; their foreign keys are added in
 * 2026.11.22T03.00.00.cross-area-foreign-keys once those tables exist.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE bill_documents (
      id                    serial PRIMARY KEY,
      company_id            integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      source                text NOT NULL CHECK (source IN ('UPLOAD','CLI','EMAIL')),
      uploaded_by_user_id   integer REFERENCES users(id) ON DELETE RESTRICT,
      -- For EMAIL: the mailbox message it came in and its sender.
      mailbox_message_id    integer REFERENCES mailbox_messages(id) ON DELETE SET NULL,
      source_email_from     text,
      original_file_name    text NOT NULL CHECK (length(trim(original_file_name)) > 0),
      mime_type             text NOT NULL CHECK (mime_type IN ('application/pdf','image/jpeg','image/png')),
      size_bytes            integer NOT NULL CHECK (size_bytes > 0),
      content               bytea NOT NULL,
      content_sha256        text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
      processing_status     text NOT NULL DEFAULT 'QUEUED'
                            CHECK (processing_status IN ('QUEUED','PROCESSING','RETRY','FAILED','PENDING_REVIEW','BLOCKED','VARIANCE',
                                                         'PENDING_APPROVAL','UNMATCHED','AUTHORISED','DELETED')),
      match_status          text CHECK (match_status IN ('ORDER_NOT_FOUND_OCR','ORDER_NOT_FOUND_GPOS','AMOUNT_OVER','AMOUNT_UNDER','STATUS_MISMATCH',
                                                         'ALREADY_CLOSED','EXPIRED','INVOICE_DETAILS_MISSING','POTENTIAL_DUPLICATE',
                                                         'CONTACT_NOT_FOUND','MATCHED')),
      -- MANUAL unless the company or counterparty preference says AUTOMATIC: nothing is authorised unseen by default.
      processing_queue      text NOT NULL DEFAULT 'MANUAL' CHECK (processing_queue IN ('AUTOMATIC','MANUAL')),
      -- lockStatus is LOCKED exactly when locked_by_user_id is set.
      locked_by_user_id     integer REFERENCES users(id) ON DELETE RESTRICT,
      locked_at             timestamptz,
      supplier_name         text,
      counterparty_id       integer,
      invoice_number        text,
      order_number          text,
      purchase_order_id     integer,
      invoice_amount        numeric(14,2) CHECK (invoice_amount >= 0.01),
      pos_amount            numeric(14,2),
      authorised_amount     numeric(14,2) CHECK (authorised_amount > 0),
      date_issue            date,
      due_date              date,
      store_code            text,
      user_notes            text CHECK (char_length(user_notes) <= 512),
      -- Where the text came from (the PDF's text layer or OCR), the text itself, and OCR's mean confidence 0-100.
      text_source           text CHECK (text_source IN ('PDF_TEXT','OCR')),
      extracted_text        text,
      ocr_confidence_percent numeric(5,2) CHECK (ocr_confidence_percent BETWEEN 0 AND 100),
      processing_error      text,
      processing_attempts   integer NOT NULL DEFAULT 0 CHECK (processing_attempts >= 0),
      processed_at          timestamptz,
      edited                boolean NOT NULL DEFAULT false,
      auto_processed        boolean NOT NULL DEFAULT false,
      authorised_by_user_id integer REFERENCES users(id) ON DELETE RESTRICT,
      authorised_at         timestamptz,
      -- The bill this document became (ripeBillDocumentId on the invoice points back).
      invoice_id            integer UNIQUE,
      archived_at           timestamptz,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      deleted_at            timestamptz,
      CONSTRAINT bill_documents_size_matches CHECK (octet_length(content) = size_bytes),
      CONSTRAINT bill_documents_lock_pair CHECK ((locked_by_user_id IS NULL) = (locked_at IS NULL)),
      CONSTRAINT bill_documents_deleted_check CHECK ((processing_status = 'DELETED') = (deleted_at IS NOT NULL)),
      CONSTRAINT bill_documents_authorised_check CHECK (processing_status <> 'AUTHORISED' OR authorised_at IS NOT NULL),
      CONSTRAINT bill_documents_auto_processed_check CHECK (NOT auto_processed OR processing_queue = 'AUTOMATIC'),
      CONSTRAINT bill_documents_email_source CHECK (source = 'EMAIL' OR mailbox_message_id IS NULL)
    );
    -- The review lists (tab = processing status, newest first) and their filters and sorts (spec p3 §2.1).
    CREATE INDEX bill_documents_list_idx ON bill_documents (company_id, processing_status, created_at DESC);
    CREATE INDEX bill_documents_supplier_idx ON bill_documents (company_id, lower(supplier_name));
    CREATE INDEX bill_documents_amount_idx ON bill_documents (company_id, invoice_amount);
    CREATE INDEX bill_documents_order_number_idx ON bill_documents (company_id, order_number);
    CREATE INDEX bill_documents_invoice_number_idx ON bill_documents (company_id, invoice_number);
    CREATE INDEX bill_documents_issue_date_idx ON bill_documents (company_id, date_issue);
    -- The dashboard's auto-processed counts per month.
    CREATE INDEX bill_documents_authorised_idx ON bill_documents (company_id, authorised_at) WHERE processing_status = 'AUTHORISED';
    -- The processing job's queue.
    CREATE INDEX bill_documents_queue_idx ON bill_documents (created_at) WHERE processing_status IN ('QUEUED','RETRY');
    -- The same file uploaded twice.
    CREATE INDEX bill_documents_sha_idx ON bill_documents (company_id, content_sha256);
    CREATE INDEX bill_documents_counterparty_idx ON bill_documents (counterparty_id) WHERE counterparty_id IS NOT NULL;
    CREATE INDEX bill_documents_purchase_order_idx ON bill_documents (purchase_order_id) WHERE purchase_order_id IS NOT NULL;
    CREATE INDEX bill_documents_locked_by_idx ON bill_documents (locked_by_user_id) WHERE locked_by_user_id IS NOT NULL;
    CREATE TRIGGER bill_documents_updated_at BEFORE UPDATE ON bill_documents FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- Page images shown beside the form, in page order.
    CREATE TABLE bill_document_pages (
      id          serial PRIMARY KEY,
      document_id integer NOT NULL REFERENCES bill_documents(id) ON DELETE CASCADE,
      page_index  integer NOT NULL CHECK (page_index >= 0),
      mime_type   text NOT NULL CHECK (mime_type IN ('image/png','image/jpeg')),
      content     bytea NOT NULL,
      text        text,
      created_at  timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT bill_document_pages_document_page_key UNIQUE (document_id, page_index)
    );

    -- GL code allocation of the bill's amount.
    CREATE TABLE bill_document_line_items (
      id              serial PRIMARY KEY,
      document_id     integer NOT NULL REFERENCES bill_documents(id) ON DELETE CASCADE,
      line_index      integer NOT NULL CHECK (line_index >= 0),
      gl_account_code text,
      description     text,
      amount          numeric(14,2) NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (document_id, line_index)
    );
    CREATE TRIGGER bill_document_line_items_updated_at BEFORE UPDATE ON bill_document_line_items FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- Who did what to a document, and the status it moved between: append-only.
    CREATE TABLE bill_document_reviews (
      id          bigserial PRIMARY KEY,
      document_id integer NOT NULL REFERENCES bill_documents(id) ON DELETE RESTRICT,
      -- NULL for the processing engine (AUTO_PROCESS).
      user_id     integer REFERENCES users(id) ON DELETE RESTRICT,
      action      text NOT NULL CHECK (action IN ('CONFIRM','DELETE','AUTHORISE','SEND_FOR_REVIEW','SEND_TO_PENDING_APPROVAL','EDIT',
                                                  'LOCK','UNLOCK','AUTO_PROCESS')),
      from_status text,
      to_status   text,
      details     jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bill_document_reviews_document_idx ON bill_document_reviews (document_id, created_at);
    CREATE TRIGGER bill_document_reviews_append_only BEFORE UPDATE OR DELETE ON bill_document_reviews FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER bill_document_reviews_no_truncate BEFORE TRUNCATE ON bill_document_reviews FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
  `);
};
