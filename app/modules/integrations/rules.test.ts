import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { myobAccountRightRedirect, myobDisplayId, nextCode, RELAY_ACCOUNT_NAMES, suggestedAccount, xeroSuccessRedirect } from "./rules";

describe("suggestedAccount (p1 §9)", () => {
  it("suggests Xero 480 / 280 / 088 with their types and names", () => {
    expect(suggestedAccount("XERO", "EARLYBIRD_FEES", [])).toMatchObject({ code: "480", name: "Earlybird Fees", type: "EXPENSE" });
    expect(suggestedAccount("XERO", "EARLYBIRD_REWARDS", [])).toMatchObject({ code: "280", name: "Earlybird Cashback Income", type: "OTHERINCOME" });
    expect(suggestedAccount("XERO", "EARLYBIRD_BANK_ACCOUNT", [])).toMatchObject({ code: "088", name: "Earlybird Bank Account", type: "BANK" });
  });

  it("suggests MYOB 1900 / 1500 / 1245 for both products, with classifications", () => {
    for (const provider of ["MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const) {
      const fees = suggestedAccount(provider, "EARLYBIRD_FEES", []);
      expect(fees).toMatchObject({ code: "1900", name: "Earlybird Fees", classification: "Expense" });
      expect(myobDisplayId(fees)).toBe("6-1900");
      expect(suggestedAccount(provider, "EARLYBIRD_REWARDS", [])).toMatchObject({ code: "1500", classification: "OtherIncome" });
      const bank = suggestedAccount(provider, "EARLYBIRD_BANK_ACCOUNT", []);
      expect(bank).toMatchObject({ code: "1245", type: "Bank", classification: "Asset" });
      expect(myobDisplayId(bank)).toBe("1-1245");
    }
  });

  it("increments a Xero code while it is taken, keeping leading zeros", () => {
    expect(suggestedAccount("XERO", "EARLYBIRD_FEES", ["480"]).code).toBe("481");
    expect(suggestedAccount("XERO", "EARLYBIRD_FEES", ["480", "481", "483"]).code).toBe("482");
    expect(suggestedAccount("XERO", "EARLYBIRD_BANK_ACCOUNT", ["088", "089"]).code).toBe("090");
    expect(suggestedAccount("XERO", "EARLYBIRD_REWARDS", ["200", "280 "]).code).toBe("281");
  });

  it("increments a MYOB code while its number is taken under any classification", () => {
    expect(suggestedAccount("MYOB_ACCOUNT_RIGHT", "EARLYBIRD_FEES", ["6-1900", "6-1901"]).code).toBe("1902");
    expect(suggestedAccount("MYOB_ESSENTIALS", "EARLYBIRD_BANK_ACCOUNT", ["1245"]).code).toBe("1246");
    // The emulator's 1-1500 Prepayments moves cashback income on to 8-1501.
    expect(suggestedAccount("MYOB_ACCOUNT_RIGHT", "EARLYBIRD_REWARDS", ["1-1500"]).code).toBe("1501");
    expect(suggestedAccount("MYOB_ACCOUNT_RIGHT", "EARLYBIRD_FEES", ["6-1910", "6-1800"]).code).toBe("1900");
  });

  it("never suggests a taken code (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 600 }), { maxLength: 200 }), (numbers) => {
        const taken = numbers.map((n) => String(n).padStart(3, "0"));
        const code = suggestedAccount("XERO", "EARLYBIRD_FEES", taken).code;
        expect(taken).not.toContain(code);
        expect(Number(code)).toBeGreaterThanOrEqual(480);
        // The smallest free code from 480 up.
        for (let n = 480; n < Number(code); n += 1) expect(taken).toContain(String(n));
      }),
    );
  });

  it("names the three accounts", () => {
    expect(Object.values(RELAY_ACCOUNT_NAMES)).toEqual(["Earlybird Fees", "Earlybird Cashback Income", "Earlybird Bank Account"]);
  });

  it("nextCode keeps the width and grows past it", () => {
    expect(nextCode("088")).toBe("089");
    expect(nextCode("099")).toBe("100");
    expect(nextCode("999")).toBe("1000");
  });
});

describe("redirects (p1 §2)", () => {
  it("Xero: mapping next, or Connected apps when mapped", () => {
    expect(xeroSuccessRedirect("settings", false)).toBe("/settings/connect-business-account?config=map-accounts");
    expect(xeroSuccessRedirect("signup", false)).toBe("/signup?step=map-accounts");
    expect(xeroSuccessRedirect("settings", true)).toBe("/settings?tab=connected-apps");
  });

  it("MYOB AccountRight: the company file step, or /settings when accounts are configured", () => {
    expect(myobAccountRightRedirect("settings", false)).toBe("/settings/connect-business-account?config=myob-company-file");
    expect(myobAccountRightRedirect("signup", false)).toBe("/signup?step=myob-company-file");
    expect(myobAccountRightRedirect("signup", true)).toBe("/settings");
  });
});
