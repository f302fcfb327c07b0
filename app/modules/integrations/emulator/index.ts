/**
 * The local emulator of the Xero and MYOB APIs (issue 18, decision 054): the default provider outside production.
 */
export { startAccountingEmulator, type AccountingEmulatorHandle, type AccountingEmulatorOptions } from "./server";
export { emulatorAdmin, type EmulatorAdmin } from "./admin-client";
export type { EmulatorLimits } from "./limits";
export { DEMO_BILLS, DEMO_INVOICES, DEMO_ORGANISATIONS, MYOB_FILE_USER } from "./books";
