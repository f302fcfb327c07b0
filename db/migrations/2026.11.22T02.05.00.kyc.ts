import type { Migration } from "../migrator";

/**
 * Identity verification (spec part 1 §4-5, part 3 §4.8): the identity documents people upload (JPG or PNG, at most
 * 10,000,000 bytes) and the append-only history of each person's verification status, shown on the admin KYC screen.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE identity_documents (
      id                  serial PRIMARY KEY,
      user_id             integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      file_name           text NOT NULL CHECK (length(trim(file_name)) > 0),
      mime_type           text NOT NULL CHECK (mime_type IN ('image/jpeg','image/png')),
      size_bytes          integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10000000),
      content             bytea NOT NULL,
      -- The person themselves, or an admin uploading on their behalf.
      uploaded_by_user_id integer REFERENCES users(id) ON DELETE RESTRICT,
      created_at          timestamptz NOT NULL DEFAULT now(),
      CHECK (octet_length(content) = size_bytes)
    );
    CREATE INDEX identity_documents_user_idx ON identity_documents (user_id, created_at DESC);

    CREATE TABLE verification_history (
      id                   bigserial PRIMARY KEY,
      user_id              integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      status               text NOT NULL CHECK (status IN ('NOT_VERIFIED','VERIFICATION_PENDING','VERIFIED','VERIFICATION_FAILED')),
      -- The person, a user of the company, or an admin ("Manually verified"); NULL for the verification service.
      modified_by_user_id  integer REFERENCES users(id) ON DELETE RESTRICT,
      -- What was checked: name, date of birth, licence number and version, admin note.
      details              jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
      identity_document_id integer REFERENCES identity_documents(id) ON DELETE RESTRICT,
      created_at           timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_history_user_idx ON verification_history (user_id, created_at);
    CREATE TRIGGER verification_history_append_only BEFORE UPDATE OR DELETE ON verification_history FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER verification_history_no_truncate BEFORE TRUNCATE ON verification_history FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
  `);
};
