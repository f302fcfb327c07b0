import { describe, expect, it } from "vitest";
import {
  landingInvoiceType,
  landingPath,
  landingTarget,
  landingView,
  OFFER_EXPIRED,
  OFFER_NOT_AVAILABLE,
  planInvites,
  type InviteCandidate,
  type LandingViewInput,
} from "./rules";

const candidate = (overrides: Partial<InviteCandidate>): InviteCandidate => ({
  id: 1,
  number: "INV-1",
  companyId: 10,
  companyName: "Alpha",
  companyStatus: "INACTIVE",
  invitedByUs: false,
  hasOffer: true,
  contactEmail: null,
  ...overrides,
});

describe("planInvites (p2 §4 Other)", () => {
  it("groups per counterparty, keeps INACTIVE and INVITED-by-others with an offer, takes the first valid contact email", () => {
    const plan = planInvites([
      candidate({ id: 1, contactEmail: "bad" }),
      candidate({ id: 2, contactEmail: "Pay@Alpha.test" }),
      candidate({ id: 3, companyId: 20, companyName: "Beta", companyStatus: "INVITED", contactEmail: "b@beta.test" }),
      candidate({ id: 4, companyId: 30, companyStatus: "INVITED", invitedByUs: true }),
      candidate({ id: 5, companyId: 40, companyStatus: "ACTIVE" }),
      candidate({ id: 6, companyId: 50, companyStatus: "PENDING" }),
      candidate({ id: 7, hasOffer: false }),
    ]);
    expect(plan.groups).toEqual([
      { companyId: 10, companyName: "Alpha", email: "pay@alpha.test", invoiceIds: [1, 2], numbers: ["INV-1", "INV-1"] },
      { companyId: 20, companyName: "Beta", email: "b@beta.test", invoiceIds: [3], numbers: ["INV-1"] },
    ]);
    expect(plan.skipped.map((s) => [s.id, s.reason])).toEqual([
      [4, "Already invited by you"],
      [5, "Already on Earlybird"],
      [6, "Already on Earlybird"],
      [7, "No offer to show"],
    ]);
  });
});

describe("landing links", () => {
  it("names the recipient's side: a purchaser's invite lands on an INVOICE, a supplier's on a BILL", () => {
    expect(landingInvoiceType("BILL")).toBe("INVOICE");
    expect(landingInvoiceType("INVOICE")).toBe("BILL");
    expect(landingPath("abc-_1", "BILL", "notify")).toBe("/invoices?token=abc-_1&invoiceType=INVOICE&type=notify");
  });

  it("routes the button: notify and unknown users to /login, EMAIL_VERIFIED to activate, a known invited user to /signup", () => {
    const base = { token: "t", state: "live" as const };
    expect(landingTarget({ ...base, type: "notify", user: null })).toBe("/login?token=t&type=notify");
    expect(landingTarget({ ...base, type: "invite", user: null })).toBe("/login?token=t&type=invite");
    expect(landingTarget({ ...base, type: "invite", user: { id: 7, onboardingState: "EMAIL_VERIFIED", signedUp: true } })).toBe("/activate?token=t");
    expect(landingTarget({ ...base, type: "invite", user: { id: 7, onboardingState: "SIGNED_UP", signedUp: false } })).toBe("/signup?token=t&userId=7");
    expect(landingTarget({ ...base, type: "invite", user: { id: 7, onboardingState: "ONBOARDED", signedUp: true } })).toBe("/login?token=t&type=invite");
    expect(landingTarget({ ...base, state: "used", type: "invite", user: { id: 7, onboardingState: "SIGNED_UP", signedUp: false } })).toBe("/login");
  });
});

describe("landingView (p2 §2)", () => {
  const input = (overrides: Partial<LandingViewInput>): LandingViewInput => ({
    token: "t",
    type: "invite",
    invoiceType: "BILL",
    state: "live",
    items: [{ invoiceNumber: "A", dueDate: "2030-01-01", amountDue: 100_000, figure: 3_000 }],
    senderName: "Kiwi",
    user: null,
    ...overrides,
  });

  it("bill: Save {amount} on this invoice, Pay Now & Save {amount}, cashback reward", () => {
    expect(landingView(input({}))).toMatchObject({
      headline: "Save $30.00 on this invoice",
      figureLabel: "Cashback reward",
      button: { label: "Pay Now & Save $30.00" },
      offerGone: false,
    });
  });

  it("invoice: Get Paid Today, service fee; notify: Log In; several: totals", () => {
    expect(landingView(input({ invoiceType: "INVOICE" }))).toMatchObject({
      headline: "Get Paid Today",
      figureLabel: "Service fee",
      button: { label: "Get Paid Today" },
    });
    expect(landingView(input({ invoiceType: "INVOICE", type: "notify" })).button.label).toBe("Log In");
    const several = landingView(input({ items: [input({}).items[0], { invoiceNumber: "B", dueDate: "2030-01-02", amountDue: 50_000, figure: 1_050 }] }));
    expect(several).toMatchObject({ headline: "Save $40.50 on these invoices", total: { amountDue: 150_000, figure: 4_050 } });
  });

  it("gone: the notify text or the invite text, when expired, used or nothing is on offer", () => {
    expect(landingView(input({ type: "notify", invoiceType: "INVOICE", state: "expired" }))).toMatchObject({
      offerGone: true,
      goneText: OFFER_EXPIRED,
      button: { label: "Log In", href: "/login" },
    });
    expect(landingView(input({ state: "used" })).goneText).toBe(OFFER_NOT_AVAILABLE);
    expect(landingView(input({ items: [] })).goneText).toBe(OFFER_NOT_AVAILABLE);
  });
});
