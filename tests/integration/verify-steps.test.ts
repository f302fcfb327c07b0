/**
 * The /verify step machine (issue 14 part 2): the kyc module decides which screen a query shows, or where it sends
 * the user; the route only maps the outcome. A person of another company is a 404 whatever the step.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { peopleToVerify } from "../../app/modules/kyc/service.server";
import { BUSINESS_DETAILS_PATH, detailsPath, OWNERS_LIST_PATH, successPath, UPLOAD_OWN_DOCUMENT_PATH, USER_DETAILS_PATH } from "../../app/modules/kyc/verify-paths";
import { verifyStep, type VerifyStepQuery } from "../../app/modules/kyc/verify-steps.server";
import { makeCompany, makeUser } from "../support/factories";

async function mudflat() {
  const company = await makeCompany({ companyName: "Mudflat Logistics Limited", registrationNumber: "8812345", status: "PENDING", verificationStatus: "NOT_VERIFIED" });
  const user = await makeUser({ company });
  await user.update({ firstName: "Jamie", lastName: "Mudflat", onboardingState: "PHONE_NUMBER_VERIFIED" });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: user.roles };
  return { company, user, actor };
}

const query = (overrides: Partial<VerifyStepQuery> = {}): VerifyStepQuery => ({
  step: null,
  userId: null,
  uploadDocument: false,
  details: false,
  success: false,
  upload: false,
  ...overrides,
});

describe("verifyStep", () => {
  it("sends a user without a step to where their onboarding stands", async () => {
    const { user, actor } = await mudflat();
    expect(await verifyStep(actor, query())).toEqual({ kind: "redirect", to: USER_DETAILS_PATH });
    await user.update({ onboardingState: "OWNER_VERIFIED", verificationStatus: "VERIFIED" });
    expect(await verifyStep(actor, query())).toEqual({ kind: "redirect", to: BUSINESS_DETAILS_PATH });
    expect(await verifyStep(actor, query({ step: "user_details" }))).toEqual({ kind: "redirect", to: BUSINESS_DETAILS_PATH });
  });

  it("shows the own identity form first, the upload after a failed check, and business details only after the own step", async () => {
    const { user, actor } = await mudflat();
    const identity = await verifyStep(actor, query({ step: "user_details" }));
    expect(identity).toMatchObject({ kind: "show", view: { kind: "identity", heading: "Verify your identity" }, stepper: { current: 0, done: 0 } });
    expect(await verifyStep(actor, query({ step: "business_details" }))).toEqual({ kind: "redirect", to: USER_DETAILS_PATH });
    expect(await verifyStep(actor, query({ step: "user_details", uploadDocument: true }))).toEqual({ kind: "redirect", to: USER_DETAILS_PATH });
    await user.update({ verificationStatus: "VERIFICATION_FAILED" });
    expect(await verifyStep(actor, query({ step: "user_details" }))).toEqual({ kind: "redirect", to: UPLOAD_OWN_DOCUMENT_PATH });
    expect(await verifyStep(actor, query({ step: "user_details", uploadDocument: true }))).toMatchObject({ kind: "show", view: { kind: "upload" } });
  });

  it("lists the owners, and sends a person's page to the screen their status allows", async () => {
    const { actor } = await mudflat();
    const people = await peopleToVerify(actor);
    const harriet = people.find((person) => !person.isSelf)!;
    const list = await verifyStep(actor, query({ step: "beneficial_owners" }));
    expect(list).toMatchObject({ kind: "show", view: { kind: "list", nextPersonId: people[0].id } });
    const details = await verifyStep(actor, query({ step: "beneficial_owners", details: true, userId: String(harriet.id) }));
    expect(details).toMatchObject({ kind: "show", view: { kind: "identity", heading: "Verify identity of owner or director" } });
    expect(await verifyStep(actor, query({ step: "beneficial_owners", success: true, userId: String(harriet.id) }))).toEqual({
      kind: "redirect",
      to: detailsPath(harriet.id),
    });
    expect(successPath(harriet.id)).toContain("success=true");
    expect(OWNERS_LIST_PATH).toContain("list=true");
  });

  it("is a 404 for a person of another company, whatever the step", async () => {
    const { actor } = await mudflat();
    const other = await makeUser({ company: await makeCompany() });
    for (const step of [null, "user_details", "beneficial_owners"]) {
      const refusal = await verifyStep(actor, query({ step, userId: String(other.id) })).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).status).toBe(404);
    }
  });
});
