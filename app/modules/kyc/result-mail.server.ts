/**
 * The KYC result e-mail /verify promises (spec p1 §4: "we will send you an email once the verification is complete";
 * issue 20 part 2, decision 064): when a person's verification ends, VERIFIED or VERIFICATION_FAILED, by the identity
 * service's check or by an admin, the person (when they have an address: their login, or the address their
 * verification link was sent to) and the company's primary users are told, with what to do next after a failure.
 * Written to the outbox in the change's own transaction and delivered after its commit, so a rolled-back change
 * sends nothing.
 */
import { Op, type Transaction } from "sequelize";
import { Company, User, UserToken, type PersonVerificationStatus } from "../../../db/models/index";
import { appOrigin } from "../../lib/app-url.server";
import { logger } from "../../lib/logger.server";
import { deliverOutboxMessage, enqueueMail } from "../notifications/outbox.server";
import { OWNER_VERIFICATION_PURPOSE, verificationLinkAddress } from "./owner-link-rules";
import { UPLOAD_OWN_DOCUMENT_PATH, uploadPath } from "./verify-paths";

export const RESULT_STATUSES: readonly PersonVerificationStatus[] = ["VERIFIED", "VERIFICATION_FAILED"];

export const resultSubject = (status: PersonVerificationStatus, name: string) =>
  status === "VERIFIED" ? `Verification successful for ${name}` : `Verification failed for ${name}`;

/** A login address a message can reach (owners made from the register have an .invalid one). */
const deliverable = (address: string | null | undefined): address is string => Boolean(address) && !/\.invalid$/i.test(address!);

interface ResultMail {
  to: string[];
  subject: string;
  text: string;
  relatedUserId: number;
}

/** The e-mails for one result: one to the person, one to the company's primary users (when the person is not one). */
async function resultMails(t: Transaction, userId: number, status: PersonVerificationStatus): Promise<ResultMail[]> {
  const person = await User.findByPk(userId, { transaction: t, attributes: ["id", "companyId", "username", "firstName", "middleName", "lastName", "roles"] });
  if (!person?.companyId) return [];
  const company = await Company.findByPk(person.companyId, { transaction: t, attributes: ["id", "companyName", "verificationStatus"] });
  if (!company) return [];
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || person.username;
  const isPrimary = person.roles.includes("ROLE_USER");
  const origin = appOrigin();
  const verified = status === "VERIFIED";
  const companyLine =
    company.verificationStatus === "VERIFIED"
      ? `${company.companyName} is now verified: it can make and accept offers, pay early, withdraw funds and invite others.`
      : `${company.companyName} is verified once every owner and director is verified and its business details are confirmed.`;

  // The person's own address: their login, else the address their verification link went to (the newest).
  let ownAddress: string | null = deliverable(person.username) ? person.username : null;
  let invited = false;
  if (!ownAddress) {
    const link = await UserToken.findOne({
      where: { userId: person.id, purpose: OWNER_VERIFICATION_PURPOSE, email: { [Op.ne]: null } },
      order: [["id", "DESC"]],
      transaction: t,
    });
    ownAddress = verificationLinkAddress(link?.email);
    invited = ownAddress !== null;
  }

  const mails: ResultMail[] = [];
  const subject = resultSubject(status, name);
  if (ownAddress) {
    const next = invited
      ? "Open the link in your invitation e-mail again to upload it (the link works for 7 days; ask the company for a new one after that)."
      : `Upload it here: ${origin}${isPrimary ? UPLOAD_OWN_DOCUMENT_PATH : uploadPath(person.id)}`;
    mails.push({
      to: [ownAddress],
      subject,
      relatedUserId: person.id,
      text: [
        `Hello ${person.firstName ?? name},`,
        "",
        verified
          ? `Your identity has been verified for ${company.companyName} on Earlybird.`
          : `We could not verify your identity for ${company.companyName} on Earlybird with the details given.`,
        "",
        ...(verified
          ? [companyLine]
          : [
              "What to do next: upload a clear photo of your driver licence or passport (JPG or PNG, less than 10 MB). Our team reviews it in less than 1 hour, and we will send you an email once the verification is complete.",
              next,
            ]),
      ].join("\n"),
    });
  }
  if (!isPrimary) {
    const primaries = await User.findAll({
      where: { companyId: company.id, roles: { [Op.contains]: ["ROLE_USER" as const] }, disabledAt: null },
      attributes: ["id", "username"],
      order: [["id", "ASC"]],
      transaction: t,
    });
    const to = primaries.map((user) => user.username).filter(deliverable).filter((address) => address !== ownAddress);
    if (to.length > 0) {
      mails.push({
        to,
        subject,
        relatedUserId: person.id,
        text: [
          "Hello,",
          "",
          verified
            ? `The identity of ${name} has been verified for ${company.companyName} on Earlybird.`
            : `We could not verify the identity of ${name} for ${company.companyName} on Earlybird with the details given.`,
          "",
          ...(verified
            ? [companyLine, `See where verification stands: ${origin}/verify?step=beneficial_owners&list=true`]
            : [
                `What to do next: upload a clear photo of ${name}'s driver licence or passport (JPG or PNG, less than 10 MB). Our team reviews it in less than 1 hour, and we will send you an email once the verification is complete.`,
                `Upload it here: ${origin}${uploadPath(person.id)}`,
              ]),
        ].join("\n"),
      });
    }
  }
  return mails;
}

/**
 * Writes the result e-mails of a person's verification that just ended with `status` (VERIFIED or
 * VERIFICATION_FAILED; anything else sends nothing) to the outbox in `t`, and delivers them after the commit.
 */
export async function sendVerificationResult(t: Transaction, userId: number, status: PersonVerificationStatus): Promise<void> {
  if (!RESULT_STATUSES.includes(status)) return;
  const ids: number[] = [];
  for (const mail of await resultMails(t, userId, status)) ids.push(await enqueueMail(mail, t));
  if (ids.length === 0) return;
  t.afterCommit(() => {
    for (const id of ids) {
      void deliverOutboxMessage(id).then((delivery) => {
        if (!delivery.sent) logger.warn({ outboxMessageId: id, userId, error: delivery.error }, "KYC result e-mail not delivered");
      });
    }
  });
}
