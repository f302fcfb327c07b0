import { describe, expect, it } from "vitest";
import { formatAmountForInput } from "~/lib/amount-input";
import { isoToInputDate, maskInputDate } from "~/lib/date-input";
import { parseInputDate } from "~/lib/dates";
import { parseDecimalToCents } from "~/lib/money";
import { labelsOf, statusLabel, STATUS_TABLES, type StatusKind } from "~/lib/status-labels";
import { TOP_UP_STATUS_LABELS } from "~/modules/ledger/top-ups.rules";
import { STATUS_LABELS as BANK_LABELS } from "~/modules/banking/rules";

const TITLE_CASE = /^[A-Z][a-z]*(?:-[A-Z][a-z]*)?(?: [A-Z][a-z]*(?:-[A-Z][a-z]*)?)*$/;

describe("one label table per status kind", () => {
  it("every label is Title Case, not blank, never a raw value, and no status is a SAVE amount", () => {
    for (const [kind, table] of Object.entries(STATUS_TABLES)) {
      for (const [value, shown] of Object.entries(table as Record<string, { label: string }>)) {
        expect(shown.label, `${kind}.${value}`).toMatch(TITLE_CASE);
        expect(shown.label).not.toBe(value);
        expect(shown.label).not.toMatch(/SAVE|\$/);
      }
    }
  });

  it("unknown values read in Title Case and a missing status is never blank", () => {
    expect(statusLabel("company", "INACTIVE")).toBe("Inactive");
    expect(statusLabel("company", "SOMETHING_NEW")).toBe("Something New");
    for (const kind of Object.keys(STATUS_TABLES) as StatusKind[]) {
      expect(statusLabel(kind, null)).toBe("Not Set");
      expect(statusLabel(kind, "")).toBe("Not Set");
    }
  });

  it("one word for one state: a completed top-up is Approved (p3 §2.3 tab), a verified bank account Verified", () => {
    expect(TOP_UP_STATUS_LABELS.COMPLETED).toBe("Approved");
    expect(BANK_LABELS.VERIFIED).toBe("Verified");
    expect(labelsOf("topUp")).toEqual(TOP_UP_STATUS_LABELS);
    expect(statusLabel("supplierBills", "UNALLOCATED")).toBe("Unallocated");
    // The admin's Offers tab names a stored invoice status as the supplier's invoice tabs do, and a contact's status.
    expect(statusLabel("invoice", "PAYMENT_READY")).toBe(statusLabel("invoiceRow", "PAYMENT_AVAILABLE"));
    expect(statusLabel("invoice", "PAYMENT_RECEIVED")).toBe("Payment Received");
    expect(labelsOf("contact")).toEqual({ INVITED: "Invited", ACTIVE: "Active", DISABLED: "Disabled" });
  });
});

describe("DD/MM/YYYY date inputs", () => {
  it("shows an ISO day as DD/MM/YYYY and inserts the slashes as digits are typed", () => {
    expect(isoToInputDate("2026-03-05")).toBe("05/03/2026");
    expect(maskInputDate("0503", "050")).toBe("05/03/");
    expect(maskInputDate("05032026", "0503202")).toBe("05/03/2026");
    expect(maskInputDate("5/", "5")).toBe("05/");
    expect(maskInputDate("05/x", "05/")).toBe("05/");
    // A pasted ISO date is that date.
    expect(maskInputDate("2026-11-27", "")).toBe("27/11/2026");
  });

  it("the server reads DD/MM/YYYY and still accepts ISO", () => {
    expect(parseInputDate("05/03/2026")).toBe("2026-03-05");
    expect(parseInputDate("2026-03-05")).toBe("2026-03-05");
    expect(parseInputDate("31/02/2026")).toBe("");
  });
});

describe("money inputs", () => {
  it("show 1,234.56 and post an amount the server reads as exact cents", () => {
    expect(formatAmountForInput("1234.5")).toBe("1,234.50");
    expect(formatAmountForInput("1234567")).toBe("1,234,567.00");
    expect(formatAmountForInput("")).toBe("");
    expect(parseDecimalToCents(formatAmountForInput("1234.56"))).toBe(123_456);
  });
});
