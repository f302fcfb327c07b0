/**
 * The Earlybird account mapping wizard (spec p1 §3, §4, §8, §9; decision 055): step 0 fees, step 1 cashback income,
 * step 2 bank account, then `final`. Each step offers the accounts in the company's books and a suggested new one
 * (rules.ts); the choice is kept in relay_accounts. Mapping the bank account completes the wizard: for MYOB the
 * company's myob…AccountsConfigured flag is set; for Xero "configured" is the three mappings being present.
 */
import { sequelize } from "../../../db/index";
import type { AccountingConnection, AccountingProvider } from "../../../db/models/accounting-connection";
import { Company } from "../../../db/models/company";
import { RelayAccount, type RelayAccountType } from "../../../db/models/relay-account";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { liveConnection, myobApiFor, PROVIDER_LABELS, xeroApiFor } from "./connections.server";
import { AccountingApiError } from "./http.server";
import type { MyobAccount } from "./myob/types";
import { MAPPING_STEPS, myobDisplayId, suggestedAccount, type MappingStep, type SuggestedAccount } from "./rules";
import { SELECT_ACCOUNT, SELECT_COMPANY_FILE } from "./schema";
import { recordSyncEvent } from "./sync-log.server";
import type { XeroAccount, XeroAccountType } from "./xero/types";

/** How the sync log names each mapping (never the raw type). */
const MAPPING_LABELS: Record<RelayAccountType, string> = {
  EARLYBIRD_FEES: "Fees account",
  EARLYBIRD_REWARDS: "Cashback income account",
  EARLYBIRD_BANK_ACCOUNT: "Bank account",
};

export const SELECT_ACCOUNT_MESSAGE = SELECT_ACCOUNT;

export interface ProviderAccountOption {
  /** The account's id in the provider (Xero AccountID, MYOB UID). */
  id: string;
  /** Xero Code; MYOB DisplayID ("6-1900"). */
  code: string;
  name: string;
  type: string;
  classification: string | null;
}

export interface MappingStepView {
  provider: AccountingProvider;
  step: MappingStep;
  earlybirdAccountType: RelayAccountType;
  accounts: ProviderAccountOption[];
  suggestion: SuggestedAccount & { displayCode: string };
  /** The account already mapped for this step, if any. */
  current: { code: string; accountName: string; externalAccountId: string | null } | null;
}

export interface SaveMappingResult {
  /** The next step, or "final" after the bank account. */
  next: MappingStep | "final";
  account: { code: string; accountName: string; externalAccountId: string | null };
  /** Set when the mapping or the account already existed (p1 §8 "already exist"). */
  notice: string | null;
}

/** Which accounts a step may map: Xero by Type, MYOB by Classification (headers and archived ones never). */
const XERO_TYPES: Record<RelayAccountType, readonly XeroAccountType[]> = {
  EARLYBIRD_FEES: ["EXPENSE", "OVERHEADS", "DIRECTCOSTS"],
  EARLYBIRD_REWARDS: ["OTHERINCOME", "REVENUE", "SALES"],
  EARLYBIRD_BANK_ACCOUNT: ["BANK"],
};
const MYOB_CLASSIFICATIONS: Record<RelayAccountType, readonly MyobAccount["Classification"][]> = {
  EARLYBIRD_FEES: ["Expense", "OtherExpense", "CostOfSales"],
  EARLYBIRD_REWARDS: ["OtherIncome", "Income"],
  EARLYBIRD_BANK_ACCOUNT: ["Asset"],
};

function stepOf(step: number): RelayAccountType {
  const type = MAPPING_STEPS[step];
  if (type === undefined) throw new AppError(400, "Unknown mapping step", { code: "VALIDATION", field: "step" });
  return type;
}

async function mappingConnection(actor: Actor): Promise<AccountingConnection> {
  if (actor.companyId === null) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  const connection = await liveConnection(actor.companyId);
  if (!connection || connection.status !== "CONNECTED") throw new AppError(400, "Connect Xero or MYOB before mapping accounts", { code: "NOT_CONNECTED" });
  if (connection.provider === "MYOB_ACCOUNT_RIGHT" && !connection.companyFileUri) throw new AppError(400, SELECT_COMPANY_FILE, { code: "NO_COMPANY_FILE" });
  return connection;
}

interface BookAccount extends ProviderAccountOption {
  active: boolean;
  /** Codes that count as taken (Xero Code; MYOB DisplayID and Number). */
  takenCodes: string[];
}

const fromXero = (account: XeroAccount): BookAccount => ({
  id: account.AccountID,
  code: account.Code ?? "",
  name: account.Name,
  type: account.Type,
  classification: account.Class ?? null,
  active: account.Status !== "ARCHIVED",
  takenCodes: [account.Code ?? ""],
});

const fromMyob = (account: MyobAccount): BookAccount => ({
  id: account.UID,
  code: account.DisplayID,
  name: account.Name,
  type: account.Type,
  classification: account.Classification,
  active: account.IsActive !== false && !account.IsHeader,
  takenCodes: [account.DisplayID],
});

async function bookAccounts(connection: AccountingConnection): Promise<BookAccount[]> {
  if (connection.provider === "XERO") return (await xeroApiFor(connection).accounts()).map(fromXero);
  return (await myobApiFor(connection).accounts()).map(fromMyob);
}

function fits(connection: AccountingConnection, type: RelayAccountType, account: BookAccount): boolean {
  if (!account.active) return false;
  if (connection.provider === "XERO") return (XERO_TYPES[type] as readonly string[]).includes(account.type);
  if (type === "EARLYBIRD_BANK_ACCOUNT") return account.type === "Bank";
  return (MYOB_CLASSIFICATIONS[type] as readonly string[]).includes(account.classification ?? "");
}

function suggestionFor(connection: AccountingConnection, type: RelayAccountType, accounts: BookAccount[]): SuggestedAccount & { displayCode: string } {
  const suggestion = suggestedAccount(connection.provider, type, accounts.flatMap((account) => account.takenCodes));
  return { ...suggestion, displayCode: connection.provider === "XERO" ? suggestion.code : myobDisplayId(suggestion) };
}

export async function mappingStep(actor: Actor, step: MappingStep): Promise<MappingStepView> {
  const type = stepOf(step);
  const connection = await mappingConnection(actor);
  const accounts = await bookAccounts(connection);
  const current = await RelayAccount.findOne({ where: { companyId: connection.companyId, provider: connection.provider, earlybirdAccountType: type } });
  return {
    provider: connection.provider,
    step,
    earlybirdAccountType: type,
    accounts: accounts
      .filter((account) => fits(connection, type, account))
      .map(({ id, code, name, type: accountType, classification }) => ({ id, code, name, type: accountType, classification }))
      .sort((a, b) => a.code.localeCompare(b.code, "en", { numeric: true })),
    suggestion: suggestionFor(connection, type, accounts),
    current: current ? { code: current.code, accountName: current.accountName, externalAccountId: current.externalAccountId } : null,
  };
}

function createFailed(provider: AccountingProvider, error: unknown): AppError {
  const detail = error instanceof AccountingApiError ? error.message : "Something went wrong";
  return new AppError(502, `The account could not be created in ${PROVIDER_LABELS[provider]}: ${detail}`, { code: "ACCOUNT_CREATE_FAILED" });
}

/** Creates the suggested account in the books (or finds it there already, by name: "already exist"). */
async function createInBooks(connection: AccountingConnection, type: RelayAccountType, accounts: BookAccount[]): Promise<{ account: BookAccount; notice: string | null }> {
  const suggestion = suggestionFor(connection, type, accounts);
  const sameName = accounts.find((account) => account.name.trim().toLowerCase() === suggestion.name.toLowerCase() && fits(connection, type, account));
  if (sameName) return { account: sameName, notice: `An account named ${sameName.name} already exists in ${PROVIDER_LABELS[connection.provider]}; it is now mapped.` };
  try {
    if (connection.provider === "XERO") {
      const created = await xeroApiFor(connection).createAccount({
        Code: suggestion.code,
        Name: suggestion.name,
        Type: suggestion.type as XeroAccountType,
        ...(type === "EARLYBIRD_BANK_ACCOUNT" ? { BankAccountNumber: `EARLYBIRD-${connection.companyId}` } : {}),
      });
      return { account: fromXero(created), notice: null };
    }
    const created = await myobApiFor(connection).createAccount({
      Name: suggestion.name,
      DisplayID: suggestion.displayCode,
      Number: Number(suggestion.code),
      Classification: suggestion.classification as MyobAccount["Classification"],
      Type: suggestion.type as MyobAccount["Type"],
      IsHeader: false,
      IsActive: true,
    });
    const entity = created.entity;
    return {
      account: entity
        ? fromMyob(entity)
        : { id: created.uid, code: suggestion.displayCode, name: suggestion.name, type: suggestion.type, classification: suggestion.classification, active: true, takenCodes: [] },
      notice: null,
    };
  } catch (error) {
    if (error instanceof AccountingApiError && error.status === 400 && /already|unique|exist/i.test(error.message)) {
      throw new AppError(409, `The account ${suggestion.displayCode} ${suggestion.name} already exists in ${PROVIDER_LABELS[connection.provider]}`, { code: "ACCOUNT_EXISTS" });
    }
    throw createFailed(connection.provider, error);
  }
}

/**
 * Saves one step: an existing account (accountId, looked up in the books, never trusted) or a new one (create).
 * Neither → 'Please select an existing account or choose the option to create new account.'.
 */
export async function saveMapping(actor: Actor, input: { step: MappingStep; accountId?: string | null; create?: boolean }): Promise<SaveMappingResult> {
  const type = stepOf(input.step);
  if (!input.create && !input.accountId) throw AppError.validation({ accountId: SELECT_ACCOUNT_MESSAGE }, SELECT_ACCOUNT_MESSAGE);
  const connection = await mappingConnection(actor);
  const accounts = await bookAccounts(connection);
  let chosen: BookAccount;
  let notice: string | null = null;
  if (input.create) {
    ({ account: chosen, notice } = await createInBooks(connection, type, accounts));
  } else {
    const found = accounts.find((account) => account.id === input.accountId && fits(connection, type, account));
    if (!found) throw AppError.validation({ accountId: SELECT_ACCOUNT_MESSAGE }, SELECT_ACCOUNT_MESSAGE);
    chosen = found;
  }
  const last = input.step === 2;
  await sequelize.transaction(async (transaction) => {
    const company = await Company.findByPk(connection.companyId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!company) throw new AppError(404, "Not found", { code: "NOT_FOUND" });
    const existing = await RelayAccount.findOne({ where: { companyId: connection.companyId, provider: connection.provider, earlybirdAccountType: type }, transaction, lock: transaction.LOCK.UPDATE });
    const fields = {
      code: chosen.code,
      accountName: chosen.name,
      providerAccountType: chosen.type,
      accountClassification: chosen.classification,
      taxExempted: false,
      externalAccountId: chosen.id,
    };
    if (existing) {
      if (existing.externalAccountId === chosen.id) notice ??= `The ${PROVIDER_LABELS[connection.provider]} account mapping already exists.`;
      await existing.update(fields, { transaction });
    } else {
      await RelayAccount.create({ companyId: connection.companyId, provider: connection.provider, earlybirdAccountType: type, ...fields }, { transaction });
    }
    if (last) {
      const mapped = await RelayAccount.count({ where: { companyId: connection.companyId, provider: connection.provider }, transaction });
      if (mapped >= 3) {
        if (connection.provider === "MYOB_ESSENTIALS") await company.update({ myobEssentialsAccountsConfigured: true }, { transaction });
        if (connection.provider === "MYOB_ACCOUNT_RIGHT") await company.update({ myobAccountRightAccountsConfigured: true }, { transaction });
      }
    }
    await recordSyncEvent(
      {
        companyId: connection.companyId,
        connectionId: connection.id,
        provider: connection.provider,
        direction: "CONNECTION",
        kind: "ACCOUNT",
        outcome: input.create && !notice ? "CREATED" : "UPDATED",
        externalId: chosen.id,
        message: `${MAPPING_LABELS[type]} mapped to ${chosen.code} ${chosen.name}`,
      },
      { transaction },
    );
  });
  return {
    next: last ? "final" : ((input.step + 1) as MappingStep),
    account: { code: chosen.code, accountName: chosen.name, externalAccountId: chosen.id },
    notice,
  };
}
