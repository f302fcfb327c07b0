import { describe, expect, it } from "vitest";
import {
  CONFIGURE_MESSAGES,
  DEFAULT_DIRECTORY_QUERY,
  activeDirectoryFilters,
  isMonthEnd,
  normalizeExternalBankAccount,
  pageWindow,
  parseChange,
  parseDirectoryQuery,
  paymentTermLabel,
  scheduledPaymentsAllowed,
  serializeDirectoryQuery,
} from "./rules";

describe("directory query (p3 §2.4: tab, page, size, q, queue, glcode, pids, sp)", () => {
  it("reads every parameter", () => {
    const query = parseDirectoryQuery(new URLSearchParams("tab=members&page=3&size=25&q=  Kiwi   Sup &queue=automatic&glcode=5,3&glcode=5&pids=9&sp=true"));
    expect(query).toEqual({ tab: "members", page: 3, size: 25, q: "Kiwi Sup", queue: "AUTOMATIC", glcode: [3, 5], pids: [9], sp: true });
  });

  it("falls back to the defaults on bad values (size 10, page 1, tab all)", () => {
    const query = parseDirectoryQuery(new URLSearchParams("tab=nope&page=-2&size=7&queue=SOMETIMES&glcode=x,0&sp=maybe"));
    expect(query).toEqual(DEFAULT_DIRECTORY_QUERY);
  });

  it("serialises to the canonical URL and back", () => {
    const query = parseDirectoryQuery(new URLSearchParams("tab=non-members&q=kiwi&queue=MANUAL&pids=2,1&sp=false&size=50&page=2"));
    const again = parseDirectoryQuery(serializeDirectoryQuery(query));
    expect(again).toEqual(query);
    expect(serializeDirectoryQuery(DEFAULT_DIRECTORY_QUERY).toString()).toBe("");
    expect(activeDirectoryFilters(query)).toBe(3);
  });
});

describe("pageWindow: late pages are read from the end", () => {
  it("reads page 1 from the start and the last page from the end", () => {
    expect(pageWindow(1, 10, 95)).toEqual({ offset: 0, limit: 10, fromEnd: false });
    expect(pageWindow(10, 10, 95)).toEqual({ offset: 0, limit: 5, fromEnd: true });
    expect(pageWindow(9, 10, 95)).toEqual({ offset: 5, limit: 10, fromEnd: true });
    expect(pageWindow(12, 10, 95)).toEqual({ offset: 110, limit: 10, fromEnd: false });
  });

  it("covers every row exactly once over all pages", () => {
    for (const [total, size] of [
      [0, 10],
      [1, 10],
      [95, 10],
      [100, 25],
      [101, 50],
    ]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(total / size)); page += 1) {
        const window = pageWindow(page, size, total);
        if (window.offset >= total) continue;
        const start = window.fromEnd ? total - window.offset - window.limit : window.offset;
        for (let i = 0; i < window.limit; i += 1) seen.push(start + i);
      }
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    }
  });
});

describe("external bank account (p3 §5)", () => {
  it("refuses fewer than 16 characters with the spec's message", () => {
    expect(normalizeExternalBankAccount("12-3456-7890123", "NZ")).toEqual({ error: "Bank account is invalid length" });
    expect(normalizeExternalBankAccount("123456789012345", "NZ")).toEqual({ error: "Bank account is invalid length" });
  });

  it("formats NZ as ##-####-#######-### and pads a 2-digit suffix", () => {
    expect(normalizeExternalBankAccount("1234567890123456", "NZ")).toEqual({ value: "12-3456-7890123-456" });
    expect(normalizeExternalBankAccount("12-3456-7890123-45", "NZ")).toEqual({ value: "12-3456-7890123-045" });
  });

  it("formats AU as ##-####-#######-##", () => {
    expect(normalizeExternalBankAccount("12-3456-7890123-45", "AU")).toEqual({ value: "12-3456-7890123-45" });
    expect(normalizeExternalBankAccount("12-3456-7890123-456", "AU")).toEqual({ error: "Bank account is invalid length" });
  });

  it("refuses letters", () => {
    expect(normalizeExternalBankAccount("12-3456-7890123-4AB", "NZ")).toEqual({ error: CONFIGURE_MESSAGES.bankAccountFormat });
  });

  it("stores at least 16 characters (the table's CHECK)", () => {
    const result = normalizeExternalBankAccount("12 3456 7890123 45", "AU");
    expect("value" in result && result.value.length).toBeGreaterThanOrEqual(16);
  });
});

describe("period lock date: a month end (p3 §4.10)", () => {
  it.each([
    ["2026-10-31", true],
    ["2026-02-28", true],
    ["2028-02-29", true],
    ["2028-02-28", false],
    ["2026-11-30", true],
    ["2026-11-15", false],
    ["2026-13-31", false],
    ["31/10/2026", false],
  ])("%s → %s", (date, expected) => expect(isMonthEnd(date)).toBe(expected));
});

describe("scheduled payments need a bank account and a payment term (p3 §5)", () => {
  it.each([
    [true, "12-3456-7890123-456", 1, true],
    [true, null, 1, false],
    [true, "12-3456-7890123-456", null, false],
    [false, null, null, true],
  ])("enabled %s, account %s, term %s → %s", (enabled, account, term, expected) =>
    expect(scheduledPaymentsAllowed({ isScheduledPaymentsEnabled: enabled, externalBankAccountNumber: account, paymentTermId: term })).toBe(expected)
  );
});

describe("parseChange: each of the seven paths", () => {
  it("payment term: an id, or blank to clear", () => {
    expect(parseChange("/paymentTermId", "7", "NZ")).toEqual({ change: { path: "/paymentTermId", value: 7 } });
    expect(parseChange("/paymentTermId", "", "NZ")).toEqual({ change: { path: "/paymentTermId", value: null } });
    expect(parseChange("/paymentTermId", "x", "NZ")).toEqual({ error: CONFIGURE_MESSAGES.invalidPaymentTerm });
  });

  it("GL account: an id or an object with one; anything else 'Invalid GL Code, please try again'", () => {
    expect(parseChange("/glAccount", 4, "NZ")).toEqual({ change: { path: "/glAccount", value: 4 } });
    expect(parseChange("/glAccount", { id: "4" }, "NZ")).toEqual({ change: { path: "/glAccount", value: 4 } });
    expect(parseChange("/glAccount", "abc", "NZ")).toEqual({ error: "Invalid GL Code, please try again" });
  });

  it("external bank account: formatted, or refused with the length message", () => {
    expect(parseChange("/externalBankAccountNumber", "1234567890123456", "NZ")).toEqual({
      change: { path: "/externalBankAccountNumber", value: "12-3456-7890123-456" },
    });
    expect(parseChange("/externalBankAccountNumber", "1234", "NZ")).toEqual({ error: "Bank account is invalid length" });
    expect(parseChange("/externalBankAccountNumber", " ", "NZ")).toEqual({ change: { path: "/externalBankAccountNumber", value: null } });
  });

  it("switches: booleans only", () => {
    expect(parseChange("/isPurchaserOffersEnabled", "false", "NZ")).toEqual({ change: { path: "/isPurchaserOffersEnabled", value: false } });
    expect(parseChange("/isScheduledPaymentsEnabled", true, "NZ")).toEqual({ change: { path: "/isScheduledPaymentsEnabled", value: true } });
    expect(parseChange("/isScheduledPaymentsEnabled", "yes", "NZ")).toEqual({ error: CONFIGURE_MESSAGES.invalidValue });
  });

  it("processing queue: AUTOMATIC or MANUAL, blank for the company default", () => {
    expect(parseChange("/processingQueue", "automatic", "NZ")).toEqual({ change: { path: "/processingQueue", value: "AUTOMATIC" } });
    expect(parseChange("/processingQueue", "", "NZ")).toEqual({ change: { path: "/processingQueue", value: null } });
    expect(parseChange("/processingQueue", "LATER", "NZ")).toEqual({ error: CONFIGURE_MESSAGES.processingQueue });
  });

  it("period lock date: a month end, or blank", () => {
    expect(parseChange("/periodLockDate", "2026-10-31", "NZ")).toEqual({ change: { path: "/periodLockDate", value: "2026-10-31" } });
    expect(parseChange("/periodLockDate", "2026-10-30", "NZ")).toEqual({ error: CONFIGURE_MESSAGES.periodLockMonthEnd });
    expect(parseChange("/periodLockDate", null, "NZ")).toEqual({ change: { path: "/periodLockDate", value: null } });
  });
});

describe("labels", () => {
  it("names terms as the selects show them", () => {
    expect(paymentTermLabel({ frequency: "MONTHLY", date: 20, dayOfWeek: null })).toBe("Monthly on day 20");
    expect(paymentTermLabel({ frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" })).toBe("Weekly on Friday");
  });

  it("names the stale row", () => {
    expect(CONFIGURE_MESSAGES.stale("Kiwi Supplies")).toBe("Kiwi Supplies was changed by someone else. Reload and try again.");
  });
});
