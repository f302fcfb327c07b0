import type { Migration } from "../migrator";

/**
 * Invites (POST /invite: a company invites a customer or supplier by e-mail, with a note) and notifications
 * (POST /notify: a purchaser tells a supplier about bills in its offer), part 2 §7. Each carries a landing-page
 * token, stored as a hash only, and the invoices it is about in a join table.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE invites (
      id                  serial PRIMARY KEY,
      inviting_company_id integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      invited_by_user_id  integer REFERENCES users(id) ON DELETE SET NULL,
      invitee_email       text NOT NULL CHECK (invitee_email = lower(invitee_email) AND position('@' in invitee_email) > 1),
      invitee_company_id  integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      invitee_user_id     integer REFERENCES users(id) ON DELETE SET NULL,
      note                text,
      type                text NOT NULL CHECK (type IN ('INVOICE','BILL')),
      token_hash          text NOT NULL UNIQUE,
      status              text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','SENT','ACCEPTED','EXPIRED','CANCELLED')),
      sent_at             timestamptz,
      accepted_at         timestamptz,
      expires_at          timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invites_not_self CHECK (inviting_company_id <> invitee_company_id),
      CONSTRAINT invites_sent_at CHECK (status NOT IN ('SENT','ACCEPTED') OR sent_at IS NOT NULL),
      CONSTRAINT invites_accepted_at CHECK (status <> 'ACCEPTED' OR accepted_at IS NOT NULL)
    );
    CREATE INDEX invites_inviting_company_idx ON invites (inviting_company_id, created_at DESC);
    CREATE INDEX invites_invitee_company_idx ON invites (invitee_company_id, created_at DESC);
    CREATE INDEX invites_invitee_email_idx ON invites (invitee_email);

    CREATE TABLE invite_invoices (
      id         serial PRIMARY KEY,
      invite_id  integer NOT NULL REFERENCES invites(id) ON DELETE CASCADE,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (invite_id, invoice_id)
    );
    CREATE INDEX invite_invoices_invoice_idx ON invite_invoices (invoice_id);

    CREATE TABLE notifications (
      id                   serial PRIMARY KEY,
      company_id           integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      sent_by_user_id      integer REFERENCES users(id) ON DELETE SET NULL,
      recipient_company_id integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      recipient_email      text CHECK (recipient_email IS NULL OR (recipient_email = lower(recipient_email) AND position('@' in recipient_email) > 1)),
      type                 text NOT NULL DEFAULT 'BILL' CHECK (type IN ('INVOICE','BILL')),
      token_hash           text NOT NULL UNIQUE,
      sent_at              timestamptz,
      expires_at           timestamptz,
      created_at           timestamptz NOT NULL DEFAULT now(),
      updated_at           timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT notifications_not_self CHECK (company_id <> recipient_company_id)
    );
    CREATE INDEX notifications_company_idx ON notifications (company_id, created_at DESC);
    CREATE INDEX notifications_recipient_idx ON notifications (recipient_company_id, created_at DESC);

    CREATE TABLE notification_invoices (
      id              serial PRIMARY KEY,
      notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      invoice_id      integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (notification_id, invoice_id)
    );
    CREATE INDEX notification_invoices_invoice_idx ON notification_invoices (invoice_id);

    CREATE TRIGGER invites_updated_at BEFORE UPDATE ON invites FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER notifications_updated_at BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
