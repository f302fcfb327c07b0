import { Link } from "@remix-run/react";
import { BadgeCheck, ChevronDown, LogOut, Settings, ShieldCheck } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

/** What the header knows of the logged-in user (from the _app loader). */
export interface ShellUser {
  fullName: string;
  email: string;
  isAdmin: boolean;
  companyName: string | null;
  /** The company's verificationStatus is VERIFIED. */
  verified: boolean;
}

export const GET_VERIFIED_PATH = "/verify?step=beneficial_owners&list=true";

/** The header's view of a logged-in user (the _app layout and /verify). */
export function shellUserOf(user: {
  fullName: string;
  username: string;
  isAdmin: boolean;
  company: { companyName: string; verificationStatus: string } | null;
}): ShellUser {
  return {
    fullName: user.fullName,
    email: user.username,
    isAdmin: user.isAdmin,
    companyName: user.company?.companyName ?? null,
    verified: user.company?.verificationStatus === "VERIFIED",
  };
}

function initials(name: string) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

/**
 * The user dropdown (spec p1 §2 Layout): Settings, a Verified badge or "Get verified", Logout.
 * Admins are labelled "Admin" and have no Get verified item; their Settings is their own (/admin-settings: password
 * and two-factor authentication, decision 064), /settings being a company screen.
 * Logout is a plain POST form to /logout: a full page load that resets all client state.
 */
export function UserMenu({ user }: { user: ShellUser }) {
  const secondLine = user.isAdmin ? "Admin" : user.companyName ?? "";
  return (
    <>
      {/* Without JavaScript the dropdown cannot open: offer its two essential links plainly. */}
      <noscript>
        <span className="flex items-center gap-3 text-sm">
          <a href={user.isAdmin ? "/admin-settings" : "/settings"} className="text-primary hover:underline">
            Settings
          </a>
          {/* Logout only by POST (issue 13 part 13). */}
          <form method="post" action="/logout" className="inline">
            <button type="submit" className="text-primary hover:underline">
              Logout
            </button>
          </form>
        </span>
      </noscript>
      <DropdownMenu>
        <DropdownMenuTrigger className="flex min-w-0 max-w-[18rem] items-center gap-2 rounded-md py-1.5 pl-1.5 pr-2 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent">
          <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {initials(user.fullName)}
          </span>
          <span className="sr-only min-w-0 sm:not-sr-only">
            <span className="block truncate text-sm font-medium leading-5">{user.fullName}</span>
            {secondLine ? <span className="block truncate text-xs leading-4 text-muted-foreground">{secondLine}</span> : null}
          </span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel className="space-y-1 font-normal">
            <span className="block truncate font-semibold">{user.fullName}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
            {user.isAdmin ? (
              <Badge variant="info" className="mt-1">
                Admin
              </Badge>
            ) : (
              <span className="flex items-center justify-between gap-2 pt-1">
                <span className="truncate text-xs font-medium">{user.companyName}</span>
                {user.verified ? (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden />
                    Verified
                  </Badge>
                ) : null}
              </span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {user.isAdmin ? (
            <>
              <DropdownMenuItem asChild>
                <Link to="/admin-settings">
                  <Settings aria-hidden />
                  Settings
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          ) : (
            <>
              <DropdownMenuItem asChild>
                <Link to="/settings">
                  <Settings aria-hidden />
                  Settings
                </Link>
              </DropdownMenuItem>
              {user.verified ? null : (
                <DropdownMenuItem asChild>
                  <Link to={GET_VERIFIED_PATH}>
                    <ShieldCheck aria-hidden />
                    Get verified
                  </Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuSeparator />
            </>
          )}
          <form method="post" action="/logout">
            {/* Keep the menu open on select: closing it would unmount the form before the browser submits it. */}
            <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
              <button type="submit" className="w-full">
                <LogOut aria-hidden />
                Logout
              </button>
            </DropdownMenuItem>
          </form>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
