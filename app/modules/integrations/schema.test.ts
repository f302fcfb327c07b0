import { describe, expect, it } from "vitest";
import { CompanyFileSchema, connectErrorMessage, MappingSchema, StartConnectSchema } from "./schema";

describe("integrations schemas", () => {
  it("mapping: nothing chosen gives the spec's message; create or an account passes", () => {
    const empty = MappingSchema.safeParse({ step: "0" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({ path: ["accountId"], message: "Please select an existing account or choose the option to create new account." });
    expect(MappingSchema.parse({ step: "1", create: "true" })).toEqual({ step: 1, create: true });
    expect(MappingSchema.parse({ step: 2, accountId: "abc" })).toMatchObject({ step: 2, accountId: "abc" });
    expect(MappingSchema.safeParse({ step: 3, create: true }).success).toBe(false);
  });

  it("company file: none chosen is 'Please select a company file'", () => {
    for (const input of [{}, { fileId: "" }, { fileId: "  " }]) {
      const result = CompanyFileSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please select a company file");
    }
    expect(CompanyFileSchema.parse({ fileId: "f", username: " Administrator ", password: "earlybird" })).toEqual({ fileId: "f", username: "Administrator", password: "earlybird" });
  });

  it("connect: provider and where the flow began", () => {
    expect(StartConnectSchema.parse({ provider: "XERO" })).toEqual({ provider: "XERO", returnTo: "settings" });
    expect(StartConnectSchema.safeParse({ provider: "SAGE" }).success).toBe(false);
  });

  it("the error query's texts", () => {
    expect(connectErrorMessage("xero")).toBe("Error in connecting to Xero account");
    expect(connectErrorMessage("myob")).toBe("Error in connecting to MYOB account");
    expect(connectErrorMessage("other")).toBe("Error!");
    expect(connectErrorMessage(null)).toBeNull();
  });
});
