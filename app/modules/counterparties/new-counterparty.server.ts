/**
 * Adding a counterparty on the spot (issue 20 part 3, docs/decisions/065-first-run.md): the actor's company gets a new
 * supplier (for a bill) or customer (for an invoice) by name, contact e-mail and GST number, the way the counterparty
 * import makes one: a company not on Earlybird (INACTIVE) and the actor's counterparty row for it. A name the actor
 * already has (case and repeated spaces ignored) is that counterparty, given the role, and the e-mail and GST number it
 * lacked: never a duplicate. Invalid input writes nothing.
 */
import { sequelize } from "../../../db/index";
import { Company, Counterparty } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { companyContextOf, requireCompanyId } from "../companies/service.server";
import { nameKey } from "./import-rules";
import { NewCounterpartySchema } from "./new-counterparty";
import { getCounterparty, type CounterpartyOption, type CounterpartyRole } from "./service.server";

export interface AddedCounterparty {
  counterparty: CounterpartyOption;
  /** False when the name was one of the actor's counterparties already. */
  created: boolean;
}

export async function addCounterpartyOnTheSpot(actor: Actor, role: CounterpartyRole, input: unknown): Promise<AddedCounterparty> {
  const companyId = requireCompanyId(actor);
  const parsed = NewCounterpartySchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(parsed.error);
  const { companyName, contactEmail, gstNumber } = parsed.data;
  const company = await companyContextOf(companyId);
  const roleFlag = role === "SUPPLIER" ? "isSupplier" : "isCustomer";

  const result = await sequelize.transaction(async (transaction) => {
    // One company's additions queue behind each other, so two tabs adding one name make one counterparty.
    await sequelize.query("SELECT pg_advisory_xact_lock(hashtext('counterparty-on-the-spot'), :companyId)", { replacements: { companyId }, transaction });
    const rows = await Counterparty.findAll({
      where: { companyId },
      include: [{ model: Company, as: "counterpartyCompany", attributes: ["id", "companyName"], required: true }],
      order: [["id", "ASC"]],
      transaction,
    });
    const existing = rows.find((row) => nameKey(row.counterpartyCompany?.companyName ?? "") === nameKey(companyName));
    if (existing) {
      const changes = {
        [roleFlag]: true,
        ...(existing.contactEmail === null && contactEmail ? { contactEmail } : {}),
        ...(existing.gstNumber === null && gstNumber ? { gstNumber } : {}),
      };
      await existing.update(changes, { transaction });
      await audit(actor, { companyId, action: "counterparty.update", entityType: "counterparty", entityId: existing.id, details: { role, onTheSpot: true } }, { transaction });
      return { counterpartyCompanyId: existing.counterpartyCompanyId, created: false };
    }
    const other = await Company.create({ companyName, status: "INACTIVE", country: company.country }, { transaction });
    const row = await Counterparty.create(
      {
        companyId,
        counterpartyCompanyId: other.id,
        isSupplier: role === "SUPPLIER",
        isCustomer: role === "CUSTOMER",
        externalAccountId: null,
        nzbn: null,
        gstNumber,
        defaultProcessingQueue: null,
        paymentTermId: null,
        externalBankAccountNumber: null,
        glAccountId: null,
        periodLockDate: null,
        contactEmail,
        invitedAt: null,
      },
      { transaction }
    );
    await audit(
      actor,
      { companyId, action: "counterparty.create", entityType: "counterparty", entityId: row.id, details: { role, companyName, onTheSpot: true } },
      { transaction }
    );
    return { counterpartyCompanyId: other.id, created: true };
  });
  return { counterparty: await getCounterparty(actor, result.counterpartyCompanyId, { role }), created: result.created };
}
