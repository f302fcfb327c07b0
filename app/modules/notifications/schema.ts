import { z } from "zod";
import type { MailboxChannel } from "../../../db/models/mailbox-message";

/** Inputs of the notifications module (GUIDE rule 5): outgoing mail and SMS, and the mailbox page's filters. */
export const INVALID_EMAIL = "Please enter a valid email address";
export const INVALID_MOBILE = "Please enter a mobile number in international format, e.g. +64211234567";
export const MESSAGE_NOT_FOUND = "Message not found";

/** Messages the built-in mailbox accepts (and the most the direct store takes), as its SMTP server advertises. */
export const MAILBOX_SIZE_LIMIT = 10 * 1024 * 1024;

const emailAddress = z.string().trim().toLowerCase().email(INVALID_EMAIL);

/** One address, several as an array, or a comma-separated list (the CLI's `--to a@x,b@x`). */
const recipients = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((address) => address.trim()).filter(Boolean))
  .pipe(z.array(emailAddress).min(1, INVALID_EMAIL).max(50, "At most 50 recipients"));

export const SendMailSchema = z.object({
  to: recipients,
  subject: z.string().trim().min(1, "Please enter a subject").max(998, "The subject is too long"),
  text: z.string().min(1, "Please enter the message text"),
  html: z.string().min(1).optional(),
  relatedUserId: z.number().int().positive().nullish(),
});
export type SendMailInput = z.input<typeof SendMailSchema>;

/** E.164: a plus, the country code and the number, no spaces (+64211234567). */
export const E164 = /^\+[1-9]\d{7,14}$/;

export const SendSmsSchema = z.object({
  to: z
    .string()
    .transform((value) => value.replace(/[\s()-]/g, ""))
    .pipe(z.string().regex(E164, INVALID_MOBILE)),
  text: z.string().trim().min(1, "Please enter the message text").max(1600, "An SMS holds at most 1600 characters"),
  relatedUserId: z.number().int().positive().nullish(),
});
export type SendSmsInput = z.input<typeof SendSmsSchema>;

/** The mailbox table's channels, here so the page can use them without importing db/ (type-checked against the model). */
export const MAILBOX_CHANNELS = ["EMAIL", "SMS"] as const satisfies readonly MailboxChannel[];
export const CHANNEL_LABELS: Record<MailboxChannel, string> = { EMAIL: "E-mail", SMS: "SMS" };

export const MAILBOX_PAGE_SIZE = 50;

export const ListMailboxSchema = z.object({
  // An unknown channel in a shared URL shows everything rather than an error page.
  channel: z.preprocess((value) => (typeof value === "string" && (MAILBOX_CHANNELS as readonly string[]).includes(value) ? value : undefined), z.enum(MAILBOX_CHANNELS).optional()),
  /** Part of the recipient's address or phone number, any case. */
  to: z.preprocess((value) => (typeof value === "string" && value.trim() ? value.trim().toLowerCase() : undefined), z.string().max(320).optional()),
  limit: z.coerce.number().int().min(1).max(500).catch(MAILBOX_PAGE_SIZE),
});
export type ListMailboxInput = z.input<typeof ListMailboxSchema>;

export const MailboxMessageIdSchema = z.coerce.number({ invalid_type_error: MESSAGE_NOT_FOUND }).int(MESSAGE_NOT_FOUND).positive(MESSAGE_NOT_FOUND).max(2_147_483_647, MESSAGE_NOT_FOUND);
