import { LinkTabs } from "~/components/ui/tabs";

/** The admin company sections (spec p3 §2.3), in menu order: each a route of its own (_app.companies.$companyId.<menu>.tsx). */
export const COMPANY_MENUS = [
  { value: "summary", label: "Summary" },
  { value: "directory", label: "Directory" },
  { value: "kyc", label: "KYC" },
  { value: "offers", label: "Offers" },
  { value: "contacts", label: "Contacts" },
  { value: "transactions", label: "Transactions" },
  { value: "activity", label: "Activity" },
  { value: "settings", label: "Settings" },
] as const;

export function CompanyTabs({ companyId, value }: { companyId: number | string; value: (typeof COMPANY_MENUS)[number]["value"] }) {
  return <LinkTabs label="Company sections" value={value} items={COMPANY_MENUS.map((menu) => ({ ...menu, to: `/companies/${companyId}/${menu.value}` }))} />;
}
