import { describe, expect, it } from "vitest";
import * as schema from "~/modules/integrations/schema";
import { connectErrorMessage, FETCHING_DETAILS, MYOB_CALLBACK_FAILED } from "./labels";

/** The screens' copy of the spec's texts stays the module's (the browser bundle cannot import the module's schema). */
describe("connected apps texts", () => {
  it("words the error query as the module does", () => {
    for (const error of ["xero", "myob", "other", ""]) expect(connectErrorMessage(error)).toBe(schema.connectErrorMessage(error) ?? (error === "" ? "Error!" : null));
    expect(connectErrorMessage(null)).toBeNull();
    expect(connectErrorMessage("xero")).toBe("Error in connecting to Xero account");
    expect(connectErrorMessage("myob")).toBe("Error in connecting to MYOB account");
    expect(connectErrorMessage("nope")).toBe("Error!");
  });

  it("keeps the MYOB callback texts", () => {
    expect(MYOB_CALLBACK_FAILED).toBe(schema.MYOB_CALLBACK_ERROR);
    expect(FETCHING_DETAILS).toBe(schema.FETCHING_DETAILS);
  });
});
