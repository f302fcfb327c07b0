import type { Migration } from "../migrator";

/**
 * The outbox (issue 13 part 11; docs/decisions/033): an e-mail that follows a change is written in the change's own
 * transaction, then delivered after the commit; delivery marks it SENT or FAILED (with the server's answer). An
 * invite or a notification points at its latest message. An invite whose mail no server took is FAILED (was: left
 * PENDING for ever, its company marked invited) and can be sent again.
 * Invites left PENDING by the old flow (no mail went out, or no one knows) become FAILED, and what they marked is
 * undone where no sent invite stands behind it, so they can be sent again.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE outbox_messages (
      id               serial PRIMARY KEY,
      to_address       text NOT NULL,
      subject          text NOT NULL,
      text_body        text,
      html_body        text,
      related_user_id  integer REFERENCES users(id) ON DELETE SET NULL,
      status           text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      last_error       text,
      sent_at          timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT outbox_messages_sent_at CHECK (status <> 'SENT' OR sent_at IS NOT NULL)
    );
    CREATE INDEX outbox_messages_pending_idx ON outbox_messages (created_at) WHERE status = 'PENDING';
    CREATE TRIGGER outbox_messages_updated_at BEFORE UPDATE ON outbox_messages FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    ALTER TABLE invites DROP CONSTRAINT invites_status_check;
    ALTER TABLE invites ADD CONSTRAINT invites_status_check CHECK (status IN ('PENDING', 'SENT', 'ACCEPTED', 'EXPIRED', 'CANCELLED', 'FAILED'));
    ALTER TABLE invites ADD COLUMN outbox_message_id integer REFERENCES outbox_messages(id) ON DELETE SET NULL;
    CREATE INDEX invites_pair_idx ON invites (inviting_company_id, invitee_company_id, created_at DESC);
    ALTER TABLE notifications ADD COLUMN outbox_message_id integer REFERENCES outbox_messages(id) ON DELETE SET NULL;

    UPDATE invites SET status = 'FAILED' WHERE status = 'PENDING';
    UPDATE counterparties cp SET invited_at = NULL
     WHERE cp.invited_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM invites f WHERE f.status = 'FAILED' AND f.inviting_company_id = cp.company_id AND f.invitee_company_id = cp.counterparty_company_id)
       AND NOT EXISTS (SELECT 1 FROM invites s WHERE s.status IN ('SENT', 'ACCEPTED') AND s.inviting_company_id = cp.company_id AND s.invitee_company_id = cp.counterparty_company_id);
    UPDATE companies c SET status = 'INACTIVE'
     WHERE c.status = 'INVITED'
       AND EXISTS (SELECT 1 FROM invites f WHERE f.status = 'FAILED' AND f.invitee_company_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM invites s WHERE s.status IN ('SENT', 'ACCEPTED') AND s.invitee_company_id = c.id);
    UPDATE invoices i SET used_for_invite = false
     WHERE i.used_for_invite
       AND EXISTS (SELECT 1 FROM invite_invoices ii JOIN invites f ON f.id = ii.invite_id WHERE ii.invoice_id = i.id AND f.status = 'FAILED')
       AND NOT EXISTS (SELECT 1 FROM invite_invoices ii JOIN invites s ON s.id = ii.invite_id WHERE ii.invoice_id = i.id AND s.status IN ('SENT', 'ACCEPTED'));
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE notifications DROP COLUMN outbox_message_id;
    DROP INDEX invites_pair_idx;
    ALTER TABLE invites DROP COLUMN outbox_message_id;
    UPDATE invites SET status = 'CANCELLED' WHERE status = 'FAILED';
    ALTER TABLE invites DROP CONSTRAINT invites_status_check;
    ALTER TABLE invites ADD CONSTRAINT invites_status_check CHECK (status IN ('PENDING', 'SENT', 'ACCEPTED', 'EXPIRED', 'CANCELLED'));
    DROP TABLE outbox_messages;
  `);
};
