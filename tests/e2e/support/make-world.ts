/**
 * Test helper for the browser tests: makes companies of their own in the e2e server's database through the shared
 * factories (tests/support/factories.ts), so a spec that changes data never touches the demo personas or another
 * spec's rows: companies and their users, trade links, invoices and bills, live purchaser offers and credit notes. Reads a WorldSpec as JSON (argv[2]) and prints the World as JSON. Run with tsx and EARLYBIRD_DATA_DIR
 * set to the server's data directory; tests/e2e/support/world.ts does that.
 */
import { ensureDatabase } from "../../../db/bootstrap";
import type { World, WorldSpec } from "./world";

process.env.JOBS_ENABLED = "false";
const spec = JSON.parse(process.argv[2] ?? "{}") as WorldSpec;
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { setOfferCheckDelay } = await import("../../../app/modules/offers/purchaser-offer-check.server");
const { registerOfferTopUpListeners } = await import("../../../app/modules/offers/top-up-listeners.server");
registerOfferTopUpListeners();
(await import("../../../app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
const factories = await import("../../support/factories");
setOfferCheckDelay(null);

const world: World = { password: factories.TEST_PASSWORD, companies: {}, records: {}, creditNotes: {} };
type Made = { company: Awaited<ReturnType<typeof factories.makeCompany>>; actor: ReturnType<typeof factories.actorOf> | null };
const made = new Map<string, Made>();
for (const [key, company] of Object.entries(spec.companies)) {
  const fields = { companyName: company.name, country: company.country ?? "NZ" } as const;
  let one: Made;
  let email = "";
  if (company.onEarlybird === false) {
    one = { company: await factories.makeCompany({ ...fields, status: company.status ?? "INACTIVE", verificationStatus: "NOT_VERIFIED" }), actor: null };
  } else {
    const verificationStatus = company.verified === false ? "NOT_VERIFIED" : "VERIFIED";
    const userOptions = { phoneNumber: company.phone, password: company.password, ...company.person };
    const activated =
      company.activated === false
        ? await (async () => {
            const plain = await factories.makeCompany({ ...fields, verificationStatus });
            return { company: plain, user: await factories.makeUser({ company: plain, ...userOptions }) };
          })()
        : await factories.makeActivatedCompany({ ...fields, verificationStatus }, userOptions);
    one = { company: activated.company, actor: factories.actorOf(activated.user) };
    email = activated.user.username;
    if (company.bankAccount) await factories.makeBankAccount(activated.company, company.bankAccount);
    if (company.funds) await factories.fundWallet(one.actor!, company.funds as never);
  }
  made.set(key, one);
  world.companies[key] = { id: one.company.id, name: one.company.companyName, email };
}
const of = (key: string) => {
  const one = made.get(key);
  if (!one) throw new Error(`No company "${key}" in the world`);
  return one;
};
const actorOf = (key: string) => {
  const { actor } = of(key);
  if (!actor) throw new Error(`"${key}" is not on Earlybird: it has no user to act`);
  return actor;
};
for (const [purchaser, supplier, options = {}] of spec.trades ?? []) {
  // A company not on Earlybird keeps no counterparties of its own: only the supplier's customer row names it.
  if (of(purchaser).actor) {
    await factories.makeSupplierLink(of(purchaser).company, of(supplier).company, {
      offersEnabled: options.offersEnabled,
      contactEmail: options.supplierEmail,
      invited: options.invited,
    });
  }
  await factories.makeCustomerLink(of(supplier).company, of(purchaser).company, { contactEmail: options.customerEmail });
}
for (const record of spec.records ?? []) {
  const invoice = await factories.makeInvoice(of(record.supplier).company, of(record.purchaser).company, {
    type: record.type,
    number: record.number,
    total: record.total as never,
    daysToDue: record.daysToDue,
    contactEmail: record.contactEmail,
    sentToSupplier: record.notified,
  });
  if (record.paymentRequest) await factories.makePaymentRequest(actorOf(record.supplier), invoice.id, record.paymentRequest as never);
  if (record.key) world.records[record.key] = { id: invoice.id, number: invoice.invoiceNumber };
}
const recordId = (key: string) => {
  const record = world.records[key];
  if (!record) throw new Error(`No record "${key}" in the world`);
  return record.id;
};
for (const offer of spec.offers ?? []) {
  await factories.makeOffer(actorOf(offer.company), { cashpool: offer.cashpool as never, crr: offer.crr, invoiceIds: offer.include?.map(recordId) });
}
for (const note of spec.creditNotes ?? []) {
  const created = await factories.makeCreditNote(actorOf(note.purchaser), of(note.supplier).company, {
    number: note.number,
    total: note.total as never,
    supplierReference: note.supplierReference,
  });
  world.creditNotes[note.key] = { id: created.id, number: created.creditNumber };
}
if (spec.documentProcessing?.length) {
  const { CompanySettings, EntityPreferences, PurchaseOrder } = await import("../../../db/models/index");
  for (const setup of spec.documentProcessing) {
    const companyId = of(setup.company).company.id;
    const queue = setup.queue ?? "AUTOMATIC";
    const preferences = await EntityPreferences.findOne({ where: { companyId } });
    if (preferences) await preferences.update({ defaultProcessingQueue: queue });
    else await EntityPreferences.create({ companyId, defaultProcessingQueue: queue, periodLockDate: null });
    const settings = await CompanySettings.findOne({ where: { companyId } });
    if (settings) await settings.update({ isRipeEnabled: true });
    else await CompanySettings.create({ companyId, isRipeEnabled: true });
    for (const order of setup.purchaseOrders ?? []) {
      await PurchaseOrder.create({
        companyId,
        orderNumber: order.orderNumber,
        supplierCompanyId: of(order.supplier).company.id,
        supplierName: null,
        amount: order.total as never,
        status: order.status ?? "OPEN",
        orderDate: null,
        externalId: null,
      });
    }
  }
}
process.stdout.write(`${JSON.stringify(world)}\n`);
await sequelize.close();
