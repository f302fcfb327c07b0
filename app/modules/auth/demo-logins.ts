/** The demo users seeded on an empty database (db/seed); shown on the login page outside production. */
export const DEMO_PASSWORD = "Earlybird#2026";

export const DEMO_LOGINS: { email: string; label: string }[] = [
  { email: "admin@earlybird.test", label: "Admin (back office)" },
  { email: "pat@harbourfoods.test", label: "Purchaser, Harbour Foods Ltd (NZ)" },
  { email: "lee@harbourfoods.test", label: "Second user, Harbour Foods Ltd (NZ): bill review" },
  { email: "sam@kiwisupplies.test", label: "Supplier, Kiwi Supplies Ltd (NZ)" },
  { email: "alex@outbackcoffee.test", label: "Outback Coffee Pty Ltd (AU, partially verified)" },
  { email: "casey@kauritimber.test", label: "Kauri Timber Co Ltd (NZ, verified, account not activated)" },
  { email: "robin@rimugrocers.test", label: "Purchaser, Rimu Grocers Ltd (NZ, no offer yet)" },
  { email: "taylor@tuitrading.test", label: "Supplier, Tui Trading Ltd (NZ, invoices Rimu Grocers)" },
  { email: "jamie@mudflat.test", label: "Mudflat Logistics Limited (NZ, not verified yet: the /verify journey)" },
  { email: "drew@pukekoplumbing.test", label: "Pukeko Plumbing Limited (NZ, an owner waiting for KYC review)" },
];
