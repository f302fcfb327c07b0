import type { Migration } from "../migrator";

/**
 * The built-in mailbox (decisions D7): every e-mail the local SMTP server receives and every SMS the local provider
 * "sends", shown on the non-production mailbox page. Bill documents e-mailed to a company's inbound address are
 * read from here too (processed_at marks them done).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE mailbox_messages (
      id                  serial PRIMARY KEY,
      channel             text NOT NULL CHECK (channel IN ('EMAIL','SMS')),
      -- The e-mail's Message-ID header, when it has one.
      message_id          text,
      from_address        text,
      -- One row per recipient: an e-mail address, or a phone number in E.164 for SMS.
      to_address          text NOT NULL CHECK (length(trim(to_address)) > 0),
      subject             text,
      text_body           text,
      html_body           text,
      -- The message as received (RFC 5322), for e-mail only.
      raw                 bytea,
      -- Attachment metadata (file name, content type, size); the content stays in raw.
      attachments         jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array'),
      related_user_id     integer REFERENCES users(id) ON DELETE SET NULL,
      related_company_id  integer REFERENCES companies(id) ON DELETE SET NULL,
      processed_at        timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT mailbox_messages_sms_shape CHECK (channel = 'EMAIL' OR (raw IS NULL AND html_body IS NULL AND subject IS NULL AND attachments = '[]'::jsonb))
    );
    CREATE INDEX mailbox_messages_to_idx ON mailbox_messages (to_address, created_at DESC);
    CREATE INDEX mailbox_messages_created_idx ON mailbox_messages (created_at DESC);
    CREATE INDEX mailbox_messages_user_idx ON mailbox_messages (related_user_id, created_at DESC) WHERE related_user_id IS NOT NULL;
    -- Inbound e-mails not yet turned into bill documents.
    CREATE INDEX mailbox_messages_unprocessed_idx ON mailbox_messages (created_at) WHERE channel = 'EMAIL' AND processed_at IS NULL;
  `);
};
