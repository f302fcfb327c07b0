import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { getVerifiedPath, isCompanyNotVerified, redirectToGetVerified } from "./get-verified.server";

describe("the 403 'company not verified'", () => {
  it("is recognised by its status and debug message only (handleError asks it of AppErrors only)", () => {
    expect(
      isCompanyNotVerified(new AppError(403, "Your company needs to be verified to do this.", { details: { debugMessage: "company not verified" } }))
    ).toBe(true);
    expect(isCompanyNotVerified(new AppError(403, "Change not permitted", { details: { debugMessage: "Change not permitted" } }))).toBe(false);
    expect(isCompanyNotVerified(new AppError(400, "x", { details: { debugMessage: "company not verified" } }))).toBe(false);
  });

  it("opens the dialog over the list the modal closes to, keeping its query", () => {
    expect(getVerifiedPath("/bills?tab=bills&page=2")).toBe("/bills/get-verified?tab=bills&page=2");
    expect(getVerifiedPath("/invoices")).toBe("/invoices/get-verified");
    expect(getVerifiedPath("/account")).toBe("/account/get-verified");
    const response = redirectToGetVerified("/invoices?status=OPEN");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/invoices/get-verified?status=OPEN");
  });
});
