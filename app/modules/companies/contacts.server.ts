/**
 * A company's contacts in the admin area (spec p3 §2.4 Contacts tab, §5 New contact, §7.3 POST user; p1 §7 POST /user;
 * docs/decisions/062): the company's users a page at a time, and a new contact, who is a user of the company
 * (ROLE_USER, no password yet) invited by e-mail: the message goes through the outbox in the same transaction as the
 * user, and is delivered after the commit to the mail server (the built-in mailbox by default). Its link is an
 * activation link (set name and password, then the phone), valid 7 days, used once.
 * Admins only (404 to anyone else); every read and write is scoped by the company the URL names.
 */
import { LIST_PAGE_SIZES } from "../../lib/list-page";
import { UniqueConstraintError } from "sequelize";
import { sequelize } from "../../../db/index";
import { User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { actingUserId } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { issueUserToken } from "../auth/tokens.server";
import { deliverOutboxMessage, enqueueMail } from "../notifications/outbox.server";
import { activationLink } from "../signup/rules";
import { ACTIVATION_TOKEN_DAYS } from "../signup/schema";
import { companyForAdmin } from "./admin-company.server";
import { CONTACTS_PAGE_SIZE, EMAIL_TAKEN, newContactSchema, type NewContactInput } from "./contacts.schema";

const DAY_MS = 86_400_000;

export type ContactRole = "Earlybird user" | "Director" | "Beneficial owner" | "Admin";
/** Shown through the "contact" status table (lib/status-labels). */
export type ContactStatus = "INVITED" | "ACTIVE" | "DISABLED";

export interface ContactRow {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  role: ContactRole;
  status: ContactStatus;
  addedAt: string;
}

export interface ContactPage {
  companyName: string;
  country: "NZ" | "AU";
  rows: ContactRow[];
  total: number;
  page: number;
  size: number;
  timeZone: string;
}


function roleOf(roles: readonly string[]): ContactRole {
  if (roles[0] === "ROLE_ADMIN") return "Admin";
  if (roles.includes("ROLE_USER")) return "Earlybird user";
  if (roles.includes("ROLE_DIRECTOR")) return "Director";
  return "Beneficial owner";
}

function statusOf(user: Pick<User, "disabledAt" | "passwordHash">): ContactStatus {
  if (user.disabledAt) return "DISABLED";
  return user.passwordHash ? "ACTIVE" : "INVITED";
}

/** The company's users, oldest first (the primary user first), 10 a page; a page past the end shows the last one. */
export async function listCompanyContacts(actor: Actor, companyId: number, query: { page: number; size?: number | null }): Promise<ContactPage> {
  const company = await companyForAdmin(actor, companyId);
  const total = await User.count({ where: { companyId } });
  const size = query.size && LIST_PAGE_SIZES.includes(query.size) ? query.size : CONTACTS_PAGE_SIZE;
  const page = Math.max(1, Math.min(query.page, Math.max(1, Math.ceil(total / size))));
  const users = await User.findAll({
    where: { companyId },
    attributes: ["id", "firstName", "middleName", "lastName", "username", "phoneNumber", "roles", "passwordHash", "disabledAt", "createdAt"],
    order: [
      ["createdAt", "ASC"],
      ["id", "ASC"],
    ],
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    companyName: company.name,
    country: company.country,
    timeZone: company.timeZone,
    total,
    page,
    size,
    rows: users.map((user) => ({
      id: user.id,
      name: user.fullName,
      email: user.username,
      phoneNumber: user.phoneNumber,
      role: roleOf(user.roles),
      status: statusOf(user),
      addedAt: user.createdAt.toISOString(),
    })),
  };
}

export function contactInviteText(input: { firstName: string; companyName: string; link: string }): string {
  return [
    `Hello ${input.firstName},`,
    "",
    `You have been added as a contact of ${input.companyName} on Earlybird. Set your name and password to sign in:`,
    "",
    input.link,
    "",
    `The link works once and expires in ${ACTIVATION_TOKEN_DAYS} days.`,
    "",
    "If you were not expecting this e-mail, you can ignore it.",
    "",
    "The Earlybird team",
  ].join("\n");
}

export interface ContactAdded {
  userId: number;
  email: string;
  /** The invite reached the mail server. */
  emailSent: boolean;
}

/**
 * Adds a contact to the company and invites them by e-mail. Bad input: AppError 422 with every field's message in
 * details.fieldErrors, nothing written; an address that is already a user's: 409 on the email field.
 */
export async function addCompanyContact(
  actor: Actor,
  companyId: number,
  input: NewContactInput,
  options: { origin: string; now?: Date }
): Promise<ContactAdded> {
  const company = await companyForAdmin(actor, companyId);
  const parsed = newContactSchema(company.country).safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "email")] ??= issue.message;
    throw AppError.validation(fields);
  }
  const values = parsed.data;
  const now = options.now ?? new Date();
  let created: { userId: number; outboxId: number };
  try {
    created = await sequelize.transaction(async (transaction) => {
      const taken = await User.findOne({ where: { username: values.email }, attributes: ["id"], transaction });
      if (taken) throw new AppError(409, EMAIL_TAKEN, { code: "EMAIL_TAKEN", field: "email", details: { fieldErrors: { email: EMAIL_TAKEN } } });
      const user = await User.create(
        {
          username: values.email,
          companyId,
          roles: ["ROLE_USER"],
          firstName: values.firstName,
          lastName: values.lastName,
          phoneNumber: values.phoneNumber,
          passwordHash: null,
          onboardingState: "SIGNED_UP",
          invitationStatus: "INVITED",
          lastModifiedBy: actingUserId(actor),
        },
        { transaction }
      );
      const token = await issueUserToken(transaction, user.id, "ACTIVATION", ACTIVATION_TOKEN_DAYS * DAY_MS, now);
      const outboxId = await enqueueMail(
        {
          to: values.email,
          subject: `You have been added to ${company.name} on Earlybird`,
          text: contactInviteText({ firstName: values.firstName, companyName: company.name, link: activationLink(options.origin, token) }),
          relatedUserId: user.id,
        },
        transaction
      );
      await audit(actor, { companyId, action: "CONTACT_ADDED", entityType: "user", entityId: user.id, details: { email: values.email } }, { transaction });
      return { userId: user.id, outboxId };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      throw new AppError(409, EMAIL_TAKEN, { code: "EMAIL_TAKEN", field: "email", details: { fieldErrors: { email: EMAIL_TAKEN } } });
    }
    throw error;
  }
  const delivery = await deliverOutboxMessage(created.outboxId);
  return { userId: created.userId, email: values.email, emailSent: delivery.sent };
}
