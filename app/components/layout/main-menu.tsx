import { NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Banknote, Building2, FileText, Inbox, Landmark, LayoutDashboard, ReceiptText, Server, Wallet, Zap, type LucideIcon } from "~/components/ui/icons";
import type { FeatureFlags } from "~/lib/flags";
import { cn } from "~/lib/utils";
import type { loader as rootLoader } from "~/root";

export interface MenuItem {
  label: string;
  to: string;
  icon?: LucideIcon;
  /** Active only on exactly this path (so /bills is not "current" on /bills/blocked). */
  end?: boolean;
  children?: MenuItem[];
}

type MenuFlags = Pick<FeatureFlags, "dashboardEnabled" | "documentProcessingEnabled" | "pendingApprovalEnabled">;

/** The side menu (spec p1 §2 Layout, p3 §2.3): admins get the back office, everyone else the customer menu. */
export function mainMenuItems(user: { isAdmin: boolean }, flags: MenuFlags): MenuItem[] {
  if (user.isAdmin) {
    return [
      { label: "Topups", to: "/", icon: Banknote, end: true },
      { label: "Bank Accounts", to: "/bank-accounts", icon: Landmark },
      { label: "Companies", to: "/companies", icon: Building2 },
      { label: "System", to: "/system", icon: Server },
      { label: "Live Offers", to: "/live-offers", icon: Zap },
    ];
  }
  const billLists: MenuItem[] = flags.documentProcessingEnabled
    ? [
        { label: "Pending review", to: "/bills/pending-review" },
        ...(flags.pendingApprovalEnabled ? [{ label: "Pending approval", to: "/bills/pending-approval" }] : []),
        { label: "Variances", to: "/bills/variances" },
        { label: "Processing", to: "/bills/processing" },
        { label: "Blocked", to: "/bills/blocked" },
        { label: "Unmatched", to: "/bills/unmatched" },
      ]
    : [];
  return [
    { label: "Account", to: "/account", icon: Wallet },
    ...(flags.dashboardEnabled && flags.documentProcessingEnabled ? [{ label: "Dashboard", to: "/dashboard", icon: LayoutDashboard }] : []),
    { label: "Invoices", to: "/invoices", icon: FileText },
    { label: "Bills", to: "/bills", icon: ReceiptText, end: true, children: billLists.length ? billLists : undefined },
  ];
}

const linkBase =
  "flex items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The menu list, used by the fixed sidebar and by the drawer. `onNavigate` lets the drawer close itself. */
export function MainMenu({ items: menuItems, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The built-in mailbox (decisions D7) for admins outside production, after the spec's admin items.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const items = root?.user?.isAdmin && root.appEnv !== "production" ? [...menuItems, { label: "Mailbox", to: "/mailbox", icon: Inbox }] : menuItems;
  // A parent whose sub-page is open is marked (bold), while aria-current stays on the sub-item alone.
  const inSection = (item: MenuItem) => item.children?.some((child) => pathname === child.to || pathname.startsWith(`${child.to}/`)) ?? false;
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            prefetch="intent"
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                linkBase,
                "h-10",
                isActive
                  ? "bg-primary text-primary-foreground shadow-sm"
                  : inSection(item)
                  ? "font-semibold text-foreground hover:bg-accent hover:text-accent-foreground"
                  : "text-foreground/80 hover:bg-accent hover:text-accent-foreground"
              )
            }
          >
            {item.icon ? <item.icon className="size-4 shrink-0" aria-hidden /> : null}
            <span className="truncate">{item.label}</span>
          </NavLink>
          {item.children ? (
            <ul className="ml-5 mt-1 flex flex-col gap-0.5 border-l pl-3">
              {item.children.map((child) => (
                <li key={child.to}>
                  <NavLink
                    to={child.to}
                    end={child.end}
                    prefetch="intent"
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        linkBase,
                        "h-9",
                        isActive ? "bg-accent font-semibold text-accent-foreground" : "text-muted-foreground hover:bg-accent/60 hover:text-foreground"
                      )
                    }
                  >
                    <span className="truncate">{child.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
