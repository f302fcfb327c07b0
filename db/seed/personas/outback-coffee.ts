/**
 * Outback Coffee Pty Ltd (AU), PARTIALLY_VERIFIED (an owner still to verify): Alex (alex@outbackcoffee.test), Jordan
 * (a director and beneficial owner who has only signed up), two roasters it buys from and a cafe it sells to (none on
 * Earlybird), and its bills and invoices in AUD, loaded from MYOB.
 */
import { BankAccount, Company, User } from "../../models/index";
import { addDays } from "../../../app/lib/dates";
import { glChart, memberSettings, memberUser, minDate, outsider, paymentTerm, randomAmount, relate, dueOffsets, type SeedContext } from "../demo-shared";

export function outbackCoffeeCompany({ t }: SeedContext): Promise<Company> {
  return Company.create(
    {
      companyName: "Outback Coffee Pty Ltd",
      country: "AU",
      status: "ACTIVE",
      verificationStatus: "PARTIALLY_VERIFIED",
      businessNumber: "51824753556",
      registrationNumber: "824753556",
      website: "outbackcoffee.test",
      address: { line1: "8 Smith Street", city: "Alice Springs", region: "NT", postcode: "0870", country: "Australia", countryCode: "AU" },
    },
    { transaction: t },
  );
}

/** Outback Coffee's roasters and its cafe customer, none on Earlybird. */
export async function outbackOutsideParties(ctx: SeedContext) {
  const sydneyRoasters = await outsider(ctx, "Sydney Roasters Pty Ltd", "AU", "INACTIVE");
  const melbourneBeans = await outsider(ctx, "Melbourne Beans Pty Ltd", "AU", "ACTIVE", "VERIFIED");
  const brisbaneCafe = await outsider(ctx, "Brisbane Cafe Co Pty Ltd", "AU", "INACTIVE");
  return { sydneyRoasters, melbourneBeans, brisbaneCafe };
}
type OutbackOutsideParties = Awaited<ReturnType<typeof outbackOutsideParties>>;

export const outbackCoffeeUser = (ctx: SeedContext, outback: Company): Promise<User> =>
  memberUser(ctx, {
    username: "alex@outbackcoffee.test",
    roles: ["ROLE_USER"],
    companyId: outback.id,
    firstName: "Alex",
    lastName: "Outback",
    verificationStatus: "VERIFIED",
    phoneNumber: "+61412345678",
  });

/** An owner still to verify: what makes Outback Coffee PARTIALLY_VERIFIED. */
export const outbackPendingOwner = ({ t }: SeedContext, outback: Company): Promise<User> =>
  User.create(
    { username: "jordan@outbackcoffee.test", roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"], companyId: outback.id, firstName: "Jordan", lastName: "Reid", ownershipPercent: "40.00", onboardingState: "SIGNED_UP" },
    { transaction: t },
  );

export const outbackCoffeeSettings = (ctx: SeedContext, outback: Company) => memberSettings(ctx, outback);

export const outbackPaymentTerms = (ctx: SeedContext, outback: Company) => paymentTerm(ctx, outback, { frequency: "MONTHLY", date: 28, defaultTerm: true });

export const outbackGlChart = (ctx: SeedContext, outback: Company) =>
  glChart(ctx, outback, "EARLYBIRD", [
    ["5-1000", "Coffee Beans"],
    ["6-1200", "Freight"],
    ["6-2000", "General Expenses"],
  ]);

export async function outbackCounterparties(
  ctx: SeedContext,
  outback: Company,
  outside: OutbackOutsideParties,
  term: { id: number },
  glCodes: { id: number }[],
): Promise<void> {
  const { sydneyRoasters, melbourneBeans, brisbaneCafe } = outside;
  await relate(ctx, outback, sydneyRoasters, { supplier: true, email: "accounts@sydneyroasters.test", paymentTermId: term.id, glAccountId: glCodes[0].id });
  await relate(ctx, outback, melbourneBeans, { supplier: true, email: "ar@melbournebeans.test", paymentTermId: term.id, glAccountId: glCodes[0].id });
  await relate(ctx, outback, brisbaneCafe, { customer: true, email: "ap@brisbanecafe.test" });
}

/** Bills from its roasters and invoices to the cafe, in AUD. */
export async function outbackRecords(ctx: SeedContext, outback: Company, outside: OutbackOutsideParties): Promise<void> {
  const { rng, todayAu, record } = ctx;
  const { sydneyRoasters, melbourneBeans, brisbaneCafe } = outside;
  for (const [index, offset] of dueOffsets(rng, 45).entries()) {
    const dueDate = addDays(todayAu, offset);
    const asSupplier = index % 3 === 0;
    const other = asSupplier ? brisbaneCafe : index % 3 === 1 ? sydneyRoasters : melbourneBeans;
    const paid = offset < 0 && rng() < 0.8;
    await record({
      type: asSupplier ? "INVOICE" : "BILL",
      supplier: asSupplier ? outback : other,
      purchaser: asSupplier ? other : outback,
      dueDate,
      total: randomAmount(rng, 90, 6000),
      country: "AU",
      prefix: asSupplier ? "OC" : other.companyName.slice(0, 3).toUpperCase(),
      start: asSupplier ? 500 : 7000,
      loadedBy: "MYOB_ACCOUNT_RIGHT",
      contactEmail: asSupplier ? "ap@brisbanecafe.test" : other.id === sydneyRoasters.id ? "accounts@sydneyroasters.test" : "ar@melbournebeans.test",
      invoiceStatus: paid ? "PAID" : offset <= 0 ? "EXPIRED" : "ALL_ELIGIBLE",
      billStatus: asSupplier ? null : paid ? "PAID" : offset <= 0 ? "NOT_ELIGIBLE_EXPIRED" : null,
      paidDate: paid ? minDate(dueDate, todayAu) : null,
      glCode: asSupplier ? null : "5-1000",
    });
  }
}

/** Its everyday account, not yet verified; no Earlybird account activated. */
export async function outbackBankAccounts({ t }: SeedContext, outback: Company): Promise<void> {
  await BankAccount.bulkCreate(
    [{ companyId: outback.id, bankAccountName: "Outback Coffee Everyday", bsb: "062000", bankAccountNumber: "12345678", bankAccountStatus: "UNVERIFIED", loadedBy: "EARLYBIRD", defaultAccount: true }],
    { transaction: t },
  );
}
