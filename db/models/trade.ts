/** Barrel of the trade-area models (counterparties, invoices, credit notes, offers, ...). */
export {};
