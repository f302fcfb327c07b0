/** Money, documents and integrations area: every association of its models, both directions. */
import { AccountingConnection } from "../accounting-connection";
import { BankAccount } from "../bank-account";
import { BankAccountDocument } from "../bank-account-document";
import { BankPaymentFile } from "../bank-payment-file";
import { BankStatementImport } from "../bank-statement-import";
import { BankStatementLine } from "../bank-statement-line";
import { BillDocument } from "../bill-document";
import { BillDocumentLineItem } from "../bill-document-line-item";
import { BillDocumentPage } from "../bill-document-page";
import { BillDocumentReview } from "../bill-document-review";
import { Company } from "../company";
import { CompanyBalance } from "../company-balance";
import { Counterparty } from "../counterparty";
import { DepositReturn } from "../deposit-return";
import { FileProcessingStatus } from "../file-processing-status";
import { IdentityDocument } from "../identity-document";
import { Invoice } from "../invoice";
import { Job } from "../job";
import { LedgerAccount } from "../ledger-account";
import { LedgerEntry } from "../ledger-entry";
import { LedgerTransaction } from "../ledger-transaction";
import { MailboxMessage } from "../mailbox-message";
import { OauthState } from "../oauth-state";
import { OfferExecutionResult } from "../offer-execution-result";
import { PurchaseOrder } from "../purchase-order";
import { PurchaserOffer } from "../purchaser-offer";
import { RelayAccount } from "../relay-account";
import { StatementLine } from "../statement-line";
import { SupplierOffer } from "../supplier-offer";
import { TopUp } from "../top-up";
import { User } from "../user";
import { VerificationHistoryEntry } from "../verification-history-entry";
import { Withdrawal } from "../withdrawal";

export function associateMoney() {
  associateLedger();
  associateBanking();
  associateDocuments();
  associateKycAndMailbox();
  associateIntegrations();
  associateTradeLinks();
}

function associateLedger() {
  Company.hasMany(LedgerAccount, { foreignKey: "companyId", as: "ledgerAccounts" });
  LedgerAccount.belongsTo(Company, { foreignKey: "companyId", as: "company" });

  LedgerTransaction.hasMany(LedgerEntry, { foreignKey: "transactionId", as: "entries" });
  LedgerEntry.belongsTo(LedgerTransaction, { foreignKey: "transactionId", as: "ledgerTransaction" });
  LedgerAccount.hasMany(LedgerEntry, { foreignKey: "accountId", as: "entries" });
  LedgerEntry.belongsTo(LedgerAccount, { foreignKey: "accountId", as: "account" });

  Company.hasMany(LedgerTransaction, { foreignKey: "sourceCompanyId", as: "outgoingLedgerTransactions" });
  LedgerTransaction.belongsTo(Company, { foreignKey: "sourceCompanyId", as: "sourceCompany" });
  Company.hasMany(LedgerTransaction, { foreignKey: "destinationCompanyId", as: "incomingLedgerTransactions" });
  LedgerTransaction.belongsTo(Company, { foreignKey: "destinationCompanyId", as: "destinationCompany" });
  LedgerTransaction.belongsTo(User, { foreignKey: "createdByUserId", as: "createdBy" });
  LedgerTransaction.belongsTo(LedgerTransaction, { foreignKey: "reversesTransactionId", as: "reversedTransaction" });
  LedgerTransaction.hasOne(LedgerTransaction, { foreignKey: "reversesTransactionId", as: "reversal" });

  Company.hasMany(CompanyBalance, { foreignKey: "companyId", as: "balances" });
  CompanyBalance.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  CompanyBalance.belongsTo(LedgerAccount, { foreignKey: "accountId", as: "account" });
  LedgerAccount.hasOne(CompanyBalance, { foreignKey: "accountId", as: "balanceRow" });
}

function associateBanking() {
  Company.hasMany(BankAccount, { foreignKey: "companyId", as: "bankAccounts" });
  BankAccount.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  BankAccount.belongsTo(User, { foreignKey: "verifiedByUserId", as: "verifiedBy" });
  BankAccount.hasMany(BankAccountDocument, { foreignKey: "bankAccountId", as: "documents" });
  BankAccountDocument.belongsTo(BankAccount, { foreignKey: "bankAccountId", as: "bankAccount" });
  BankAccountDocument.belongsTo(User, { foreignKey: "uploadedByUserId", as: "uploadedBy" });

  // Top-ups and the ledger point at each other: the wallet credit names its top-up, the top-up its credit.
  Company.hasMany(TopUp, { foreignKey: "companyId", as: "topUps" });
  TopUp.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  TopUp.belongsTo(User, { foreignKey: "createdByUserId", as: "createdBy" });
  TopUp.belongsTo(User, { foreignKey: "confirmedByUserId", as: "confirmedBy" });
  TopUp.belongsTo(User, { foreignKey: "cancelledByUserId", as: "cancelledBy" });
  TopUp.belongsTo(LedgerTransaction, { foreignKey: "ledgerTransactionId", as: "ledgerTransaction" });
  LedgerTransaction.hasOne(TopUp, { foreignKey: "ledgerTransactionId", as: "completedTopUp" });
  TopUp.hasMany(LedgerTransaction, { foreignKey: "topUpId", as: "ledgerTransactions" });
  LedgerTransaction.belongsTo(TopUp, { foreignKey: "topUpId", as: "topUp" });
  TopUp.belongsTo(BankStatementLine, { foreignKey: "bankStatementLineId", as: "bankStatementLine" });
  BankStatementLine.hasOne(TopUp, { foreignKey: "bankStatementLineId", as: "topUp" });
  BankStatementLine.belongsTo(TopUp, { foreignKey: "matchedTopUpId", as: "matchedTopUp" });
  TopUp.hasOne(BankStatementLine, { foreignKey: "matchedTopUpId", as: "matchedStatementLine" });

  BankStatementImport.hasMany(BankStatementLine, { foreignKey: "importId", as: "lines" });
  BankStatementLine.belongsTo(BankStatementImport, { foreignKey: "importId", as: "statementImport" });
  BankStatementImport.belongsTo(User, { foreignKey: "importedByUserId", as: "importedBy" });
  BankStatementImport.belongsTo(Job, { foreignKey: "jobId", as: "job" });

  Company.hasMany(Withdrawal, { foreignKey: "companyId", as: "withdrawals" });
  Withdrawal.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  BankAccount.hasMany(Withdrawal, { foreignKey: "bankAccountId", as: "withdrawals" });
  Withdrawal.belongsTo(BankAccount, { foreignKey: "bankAccountId", as: "bankAccount" });
  User.hasMany(Withdrawal, { foreignKey: "requestedByUserId", as: "requestedWithdrawals" });
  Withdrawal.belongsTo(User, { foreignKey: "requestedByUserId", as: "requestedBy" });
  Withdrawal.belongsTo(User, { foreignKey: "cancelledByUserId", as: "cancelledBy" });
  Withdrawal.belongsTo(LedgerTransaction, { foreignKey: "ledgerTransactionId", as: "ledgerTransaction" });
  Withdrawal.belongsTo(LedgerTransaction, { foreignKey: "completedLedgerTransactionId", as: "completedLedgerTransaction" });
  Withdrawal.belongsTo(LedgerTransaction, { foreignKey: "reversalLedgerTransactionId", as: "reversalLedgerTransaction" });
  Withdrawal.hasMany(LedgerTransaction, { foreignKey: "withdrawalId", as: "ledgerTransactions" });
  LedgerTransaction.belongsTo(Withdrawal, { foreignKey: "withdrawalId", as: "withdrawal" });
  BankPaymentFile.hasMany(Withdrawal, { foreignKey: "bankPaymentFileId", as: "withdrawals" });
  Withdrawal.belongsTo(BankPaymentFile, { foreignKey: "bankPaymentFileId", as: "bankPaymentFile" });
  TopUp.hasOne(DepositReturn, { foreignKey: "topUpId", as: "depositReturn" });
  DepositReturn.belongsTo(TopUp, { foreignKey: "topUpId", as: "topUp" });
  BankPaymentFile.hasMany(DepositReturn, { foreignKey: "bankPaymentFileId", as: "depositReturns" });
  DepositReturn.belongsTo(BankPaymentFile, { foreignKey: "bankPaymentFileId", as: "bankPaymentFile" });
  BankPaymentFile.belongsTo(Job, { foreignKey: "createdByJobId", as: "createdByJob" });

  FileProcessingStatus.belongsTo(User, { foreignKey: "updatedByUserId", as: "updatedBy" });
}

function associateDocuments() {
  Company.hasMany(BillDocument, { foreignKey: "companyId", as: "billDocuments" });
  BillDocument.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  BillDocument.belongsTo(User, { foreignKey: "uploadedByUserId", as: "uploadedBy" });
  BillDocument.belongsTo(User, { foreignKey: "lockedByUserId", as: "lockedBy" });
  BillDocument.belongsTo(User, { foreignKey: "authorisedByUserId", as: "authorisedBy" });
  BillDocument.belongsTo(MailboxMessage, { foreignKey: "mailboxMessageId", as: "mailboxMessage" });
  MailboxMessage.hasMany(BillDocument, { foreignKey: "mailboxMessageId", as: "billDocuments" });

  BillDocument.hasMany(BillDocumentPage, { foreignKey: "documentId", as: "pages" });
  BillDocumentPage.belongsTo(BillDocument, { foreignKey: "documentId", as: "document" });
  BillDocument.hasMany(BillDocumentLineItem, { foreignKey: "documentId", as: "lineItems" });
  BillDocumentLineItem.belongsTo(BillDocument, { foreignKey: "documentId", as: "document" });
  BillDocument.hasMany(BillDocumentReview, { foreignKey: "documentId", as: "reviews" });
  BillDocumentReview.belongsTo(BillDocument, { foreignKey: "documentId", as: "document" });
  BillDocumentReview.belongsTo(User, { foreignKey: "userId", as: "user" });

  // Towards the trade area's tables (foreign keys in 2026.11.22T03.00.00.cross-area-foreign-keys).
  BillDocument.belongsTo(Counterparty, { foreignKey: "counterpartyId", as: "counterparty" });
  Counterparty.hasMany(BillDocument, { foreignKey: "counterpartyId", as: "billDocuments" });
  BillDocument.belongsTo(PurchaseOrder, { foreignKey: "purchaseOrderId", as: "purchaseOrder" });
  PurchaseOrder.hasMany(BillDocument, { foreignKey: "purchaseOrderId", as: "billDocuments" });
  BillDocument.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  Invoice.hasOne(BillDocument, { foreignKey: "invoiceId", as: "billDocument" });
  Invoice.belongsTo(BillDocument, { foreignKey: "ripeBillDocumentId", as: "ripeBillDocument" });
  BillDocument.hasMany(Invoice, { foreignKey: "ripeBillDocumentId", as: "ripeInvoices" });
}

function associateKycAndMailbox() {
  User.hasMany(IdentityDocument, { foreignKey: "userId", as: "identityDocuments" });
  IdentityDocument.belongsTo(User, { foreignKey: "userId", as: "user" });
  IdentityDocument.belongsTo(User, { foreignKey: "uploadedByUserId", as: "uploadedBy" });
  User.hasMany(VerificationHistoryEntry, { foreignKey: "userId", as: "verificationHistory" });
  VerificationHistoryEntry.belongsTo(User, { foreignKey: "userId", as: "user" });
  VerificationHistoryEntry.belongsTo(User, { foreignKey: "modifiedByUserId", as: "modifiedBy" });
  IdentityDocument.hasMany(VerificationHistoryEntry, { foreignKey: "identityDocumentId", as: "verificationHistory" });
  VerificationHistoryEntry.belongsTo(IdentityDocument, { foreignKey: "identityDocumentId", as: "identityDocument" });

  User.hasMany(MailboxMessage, { foreignKey: "relatedUserId", as: "mailboxMessages" });
  MailboxMessage.belongsTo(User, { foreignKey: "relatedUserId", as: "relatedUser" });
  Company.hasMany(MailboxMessage, { foreignKey: "relatedCompanyId", as: "mailboxMessages" });
  MailboxMessage.belongsTo(Company, { foreignKey: "relatedCompanyId", as: "relatedCompany" });
}

function associateIntegrations() {
  Company.hasMany(AccountingConnection, { foreignKey: "companyId", as: "accountingConnections" });
  AccountingConnection.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  AccountingConnection.belongsTo(User, { foreignKey: "connectedByUserId", as: "connectedBy" });
  Company.hasMany(OauthState, { foreignKey: "companyId", as: "oauthStates" });
  OauthState.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  User.hasMany(OauthState, { foreignKey: "userId", as: "oauthStates" });
  OauthState.belongsTo(User, { foreignKey: "userId", as: "user" });
  Company.hasMany(RelayAccount, { foreignKey: "companyId", as: "relayAccounts" });
  RelayAccount.belongsTo(Company, { foreignKey: "companyId", as: "company" });
}

/** Offers, execution results and statement lines (trade area) towards top-ups and the ledger. */
function associateTradeLinks() {
  PurchaserOffer.belongsTo(TopUp, { foreignKey: "topUpId", as: "topUp" });
  TopUp.hasMany(PurchaserOffer, { foreignKey: "topUpId", as: "purchaserOffers" });
  SupplierOffer.belongsTo(TopUp, { foreignKey: "topUpId", as: "topUp" });
  TopUp.hasMany(SupplierOffer, { foreignKey: "topUpId", as: "supplierOffers" });
  OfferExecutionResult.belongsTo(LedgerTransaction, { foreignKey: "ledgerTransactionId", as: "ledgerTransaction" });
  LedgerTransaction.hasMany(OfferExecutionResult, { foreignKey: "ledgerTransactionId", as: "offerExecutionResults" });
  LedgerTransaction.belongsTo(OfferExecutionResult, { foreignKey: "offerExecutionResultId", as: "offerExecutionResult" });
  OfferExecutionResult.hasMany(LedgerTransaction, { foreignKey: "offerExecutionResultId", as: "ledgerTransactions" });
  StatementLine.belongsTo(LedgerTransaction, { foreignKey: "ledgerTransactionId", as: "ledgerTransaction" });
  LedgerTransaction.hasMany(StatementLine, { foreignKey: "ledgerTransactionId", as: "statementLines" });
}
