/** Trade area (settings, counterparties, invoices, credit notes, offers, invites, statements): every association, both directions. */
import { Company } from "../company";
import { CompanySettings } from "../company-settings";
import { Counterparty } from "../counterparty";
import { CreditNote } from "../credit-note";
import { CreditNoteAllocation } from "../credit-note-allocation";
import { EntityPreferences } from "../entity-preferences";
import { GlAccount } from "../gl-account";
import { Invite } from "../invite";
import { InviteCode } from "../invite-code";
import { InviteInvoice } from "../invite-invoice";
import { Invoice } from "../invoice";
import { InvoiceItem } from "../invoice-item";
import { Job } from "../job";
import { Notification } from "../notification";
import { NotificationInvoice } from "../notification-invoice";
import { OfferExecution } from "../offer-execution";
import { OfferExecutionResult } from "../offer-execution-result";
import { PaymentTerm } from "../payment-term";
import { PurchaseOrder } from "../purchase-order";
import { PurchaserOffer } from "../purchaser-offer";
import { Statement } from "../statement";
import { StatementLine } from "../statement-line";
import { SupplierOffer } from "../supplier-offer";
import { SupplierOfferInvoice } from "../supplier-offer-invoice";
import { User } from "../user";

export function associateTrade() {
  associateCompanyConfiguration();
  associateCounterparties();
  associateInvoices();
  associateOffers();
  associateInvitesAndStatements();
}

function associateCompanyConfiguration() {
  Company.hasOne(CompanySettings, { foreignKey: "companyId", as: "settings" });
  CompanySettings.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Company.hasOne(EntityPreferences, { foreignKey: "companyId", as: "preferences" });
  EntityPreferences.belongsTo(Company, { foreignKey: "companyId", as: "company" });

  Company.hasMany(InviteCode, { foreignKey: "companyId", as: "inviteCodes" });
  InviteCode.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  User.hasMany(InviteCode, { foreignKey: "createdByUserId", as: "createdInviteCodes" });
  InviteCode.belongsTo(User, { foreignKey: "createdByUserId", as: "createdBy" });
  User.hasOne(InviteCode, { foreignKey: "usedByUserId", as: "usedInviteCode" });
  InviteCode.belongsTo(User, { foreignKey: "usedByUserId", as: "usedBy" });

  Company.hasMany(PaymentTerm, { foreignKey: "companyId", as: "paymentTerms" });
  PaymentTerm.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Company.hasMany(GlAccount, { foreignKey: "companyId", as: "glAccounts" });
  GlAccount.belongsTo(Company, { foreignKey: "companyId", as: "company" });
}

function associateCounterparties() {
  // The owner's view: its counterparties; the other side's view: the relationships others hold with it.
  Company.hasMany(Counterparty, { foreignKey: "companyId", as: "counterparties" });
  Counterparty.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Company.hasMany(Counterparty, { foreignKey: "counterpartyCompanyId", as: "counterpartyOf" });
  Counterparty.belongsTo(Company, { foreignKey: "counterpartyCompanyId", as: "counterpartyCompany" });
  PaymentTerm.hasMany(Counterparty, { foreignKey: "paymentTermId", as: "counterparties" });
  Counterparty.belongsTo(PaymentTerm, { foreignKey: "paymentTermId", as: "paymentTerm" });
  GlAccount.hasMany(Counterparty, { foreignKey: "glAccountId", as: "counterparties" });
  Counterparty.belongsTo(GlAccount, { foreignKey: "glAccountId", as: "glAccount" });

  Company.hasMany(PurchaseOrder, { foreignKey: "companyId", as: "purchaseOrders" });
  PurchaseOrder.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Company.hasMany(PurchaseOrder, { foreignKey: "supplierCompanyId", as: "supplierPurchaseOrders" });
  PurchaseOrder.belongsTo(Company, { foreignKey: "supplierCompanyId", as: "supplierCompany" });
}

function associateInvoices() {
  Company.hasMany(Invoice, { foreignKey: "issuedBy", as: "issuedInvoices" });
  Invoice.belongsTo(Company, { foreignKey: "issuedBy", as: "issuer" });
  Company.hasMany(Invoice, { foreignKey: "issuedFor", as: "receivedInvoices" });
  Invoice.belongsTo(Company, { foreignKey: "issuedFor", as: "recipient" });
  Invoice.hasMany(InvoiceItem, { foreignKey: "invoiceId", as: "items" });
  InvoiceItem.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });

  Company.hasMany(CreditNote, { foreignKey: "issuedBy", as: "issuedCreditNotes" });
  CreditNote.belongsTo(Company, { foreignKey: "issuedBy", as: "issuer" });
  Company.hasMany(CreditNote, { foreignKey: "issuedFor", as: "receivedCreditNotes" });
  CreditNote.belongsTo(Company, { foreignKey: "issuedFor", as: "recipient" });
  CreditNote.hasMany(CreditNoteAllocation, { foreignKey: "creditNoteId", as: "allocations" });
  CreditNoteAllocation.belongsTo(CreditNote, { foreignKey: "creditNoteId", as: "creditNote" });
  Invoice.hasMany(CreditNoteAllocation, { foreignKey: "invoiceId", as: "creditNoteAllocations" });
  CreditNoteAllocation.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  CreditNote.belongsToMany(Invoice, { through: CreditNoteAllocation, foreignKey: "creditNoteId", otherKey: "invoiceId", as: "invoices" });
  Invoice.belongsToMany(CreditNote, { through: CreditNoteAllocation, foreignKey: "invoiceId", otherKey: "creditNoteId", as: "creditNotes" });
}

function associateOffers() {
  Company.hasMany(PurchaserOffer, { foreignKey: "createdByCompany", as: "purchaserOffers" });
  PurchaserOffer.belongsTo(Company, { foreignKey: "createdByCompany", as: "company" });
  Company.hasMany(SupplierOffer, { foreignKey: "createdByCompany", as: "supplierOffers" });
  SupplierOffer.belongsTo(Company, { foreignKey: "createdByCompany", as: "company" });

  SupplierOffer.hasMany(SupplierOfferInvoice, { foreignKey: "supplierOfferId", as: "offerInvoices" });
  SupplierOfferInvoice.belongsTo(SupplierOffer, { foreignKey: "supplierOfferId", as: "supplierOffer" });
  Invoice.hasMany(SupplierOfferInvoice, { foreignKey: "invoiceId", as: "supplierOfferInvoices" });
  SupplierOfferInvoice.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  SupplierOffer.belongsToMany(Invoice, { through: SupplierOfferInvoice, foreignKey: "supplierOfferId", otherKey: "invoiceId", as: "invoices" });
  Invoice.belongsToMany(SupplierOffer, { through: SupplierOfferInvoice, foreignKey: "invoiceId", otherKey: "supplierOfferId", as: "supplierOffers" });

  PurchaserOffer.hasMany(OfferExecution, { foreignKey: "purchaserOfferId", as: "executions" });
  OfferExecution.belongsTo(PurchaserOffer, { foreignKey: "purchaserOfferId", as: "purchaserOffer" });
  SupplierOffer.hasMany(OfferExecution, { foreignKey: "supplierOfferId", as: "executions" });
  OfferExecution.belongsTo(SupplierOffer, { foreignKey: "supplierOfferId", as: "supplierOffer" });
  Company.hasMany(OfferExecution, { foreignKey: "requestedByCompanyId", as: "offerExecutions" });
  OfferExecution.belongsTo(Company, { foreignKey: "requestedByCompanyId", as: "requestedByCompany" });
  User.hasMany(OfferExecution, { foreignKey: "requestedByUserId", as: "offerExecutions" });
  OfferExecution.belongsTo(User, { foreignKey: "requestedByUserId", as: "requestedBy" });
  Job.hasOne(OfferExecution, { foreignKey: "jobId", as: "offerExecution" });
  OfferExecution.belongsTo(Job, { foreignKey: "jobId", as: "job" });

  OfferExecution.hasMany(OfferExecutionResult, { foreignKey: "executionId", as: "results" });
  OfferExecutionResult.belongsTo(OfferExecution, { foreignKey: "executionId", as: "execution" });
  Invoice.hasMany(OfferExecutionResult, { foreignKey: "invoiceId", as: "executionResults" });
  OfferExecutionResult.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  PurchaserOffer.hasMany(OfferExecutionResult, { foreignKey: "purchaserOfferId", as: "executionResults" });
  OfferExecutionResult.belongsTo(PurchaserOffer, { foreignKey: "purchaserOfferId", as: "purchaserOffer" });
  SupplierOffer.hasMany(OfferExecutionResult, { foreignKey: "supplierOfferId", as: "executionResults" });
  OfferExecutionResult.belongsTo(SupplierOffer, { foreignKey: "supplierOfferId", as: "supplierOffer" });
}

function associateInvitesAndStatements() {
  Company.hasMany(Invite, { foreignKey: "invitingCompanyId", as: "sentInvites" });
  Invite.belongsTo(Company, { foreignKey: "invitingCompanyId", as: "invitingCompany" });
  Company.hasMany(Invite, { foreignKey: "inviteeCompanyId", as: "receivedInvites" });
  Invite.belongsTo(Company, { foreignKey: "inviteeCompanyId", as: "inviteeCompany" });
  User.hasMany(Invite, { foreignKey: "invitedByUserId", as: "sentInvites" });
  Invite.belongsTo(User, { foreignKey: "invitedByUserId", as: "invitedBy" });
  User.hasMany(Invite, { foreignKey: "inviteeUserId", as: "receivedInvites" });
  Invite.belongsTo(User, { foreignKey: "inviteeUserId", as: "inviteeUser" });
  Invite.hasMany(InviteInvoice, { foreignKey: "inviteId", as: "inviteInvoices" });
  InviteInvoice.belongsTo(Invite, { foreignKey: "inviteId", as: "invite" });
  Invoice.hasMany(InviteInvoice, { foreignKey: "invoiceId", as: "inviteInvoices" });
  InviteInvoice.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  Invite.belongsToMany(Invoice, { through: InviteInvoice, foreignKey: "inviteId", otherKey: "invoiceId", as: "invoices" });
  Invoice.belongsToMany(Invite, { through: InviteInvoice, foreignKey: "invoiceId", otherKey: "inviteId", as: "invites" });

  Company.hasMany(Notification, { foreignKey: "companyId", as: "sentNotifications" });
  Notification.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Company.hasMany(Notification, { foreignKey: "recipientCompanyId", as: "receivedNotifications" });
  Notification.belongsTo(Company, { foreignKey: "recipientCompanyId", as: "recipientCompany" });
  User.hasMany(Notification, { foreignKey: "sentByUserId", as: "sentNotifications" });
  Notification.belongsTo(User, { foreignKey: "sentByUserId", as: "sentBy" });
  Notification.hasMany(NotificationInvoice, { foreignKey: "notificationId", as: "notificationInvoices" });
  NotificationInvoice.belongsTo(Notification, { foreignKey: "notificationId", as: "notification" });
  Invoice.hasMany(NotificationInvoice, { foreignKey: "invoiceId", as: "notificationInvoices" });
  NotificationInvoice.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  Notification.belongsToMany(Invoice, { through: NotificationInvoice, foreignKey: "notificationId", otherKey: "invoiceId", as: "invoices" });
  Invoice.belongsToMany(Notification, { through: NotificationInvoice, foreignKey: "invoiceId", otherKey: "notificationId", as: "notifications" });

  Company.hasMany(Statement, { foreignKey: "companyId", as: "statements" });
  Statement.belongsTo(Company, { foreignKey: "companyId", as: "company" });
  Job.hasOne(Statement, { foreignKey: "jobId", as: "statement" });
  Statement.belongsTo(Job, { foreignKey: "jobId", as: "job" });
  Statement.hasMany(StatementLine, { foreignKey: "statementId", as: "lines" });
  StatementLine.belongsTo(Statement, { foreignKey: "statementId", as: "statement" });
  Invoice.hasMany(StatementLine, { foreignKey: "invoiceId", as: "statementLines" });
  StatementLine.belongsTo(Invoice, { foreignKey: "invoiceId", as: "invoice" });
  CreditNote.hasMany(StatementLine, { foreignKey: "creditNoteId", as: "statementLines" });
  StatementLine.belongsTo(CreditNote, { foreignKey: "creditNoteId", as: "creditNote" });
}
