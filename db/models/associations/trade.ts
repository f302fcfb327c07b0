/** Trade area (counterparties, invoices, credit notes, offers, ...): filled by the data-model work. */
export function associateTrade() {}
