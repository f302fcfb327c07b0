import { Link, useLocation } from "@remix-run/react";
import { Menu } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { MainMenu, type MenuItem } from "./main-menu";
import { PRODUCT_NAME, usePageHeading, type PageHandle } from "./page-handle";
import { UserMenu, type ShellUser } from "./user-menu";

/** Tailwind's `nav` screen (tailwind.config.ts): at this width and wider the side menu is a fixed sidebar. */
const NAV_BREAKPOINT = "(min-width: 960px)";

function Brand() {
  return (
    <Link to="/" className="rounded-sm text-xl font-bold tracking-tight text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {PRODUCT_NAME}
    </Link>
  );
}

const MENU_BUTTON_CLASS =
  "-ml-2 inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring nav:hidden";

/**
 * The phone menu before JavaScript runs (or without it, decision 066): a native disclosure whose panel drops below
 * the header. Its links are plain links, so a tap loads the page and the new page starts with the menu closed.
 */
function MenuDisclosure({ items }: { items: MenuItem[] }) {
  return (
    <details className="nav:hidden">
      <summary className={`${MENU_BUTTON_CLASS} list-none [&::-webkit-details-marker]:hidden`}>
        <Menu className="size-5" aria-hidden />
        <span className="sr-only">Open menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-card p-3 shadow-lg">
        <nav aria-label="Main">
          <MainMenu items={items} />
        </nav>
      </div>
    </details>
  );
}

/** Below 960 px: a button in the header opens the menu as a left drawer; it closes on navigation and on Escape. */
function MenuDrawer({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const location = useLocation();

  useEffect(() => setHydrated(true), []);

  useEffect(() => setOpen(false), [location.key]);

  // Widening the window past the breakpoint shows the sidebar: a drawer left open would still trap focus.
  useEffect(() => {
    const query = window.matchMedia(NAV_BREAKPOINT);
    const close = () => query.matches && setOpen(false);
    query.addEventListener("change", close);
    return () => query.removeEventListener("change", close);
  }, []);

  // The server's HTML (and the first render in the browser) carries the disclosure, which works with no script.
  if (!hydrated) return <MenuDisclosure items={items} />;

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={MENU_BUTTON_CLASS}>
        <Menu className="size-5" aria-hidden />
        <span className="sr-only">Open menu</span>
      </SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 p-0" closeLabel="Close menu" aria-describedby={undefined}>
        <SheetHeader className="h-16 justify-center border-b px-5">
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <MainMenu items={items} onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/** The header's breadcrumb title: crumbs as links, then the page title as the page's one h1. */
function PageHeading({ heading }: { heading: PageHandle | null }) {
  if (!heading) return <p className="truncate text-lg font-semibold leading-7">{PRODUCT_NAME}</p>;
  const title = <h1 className="truncate text-lg font-semibold leading-7">{heading.title}</h1>;
  if (!heading.breadcrumb?.length) return title;
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5">
        {heading.breadcrumb.map((crumb) => (
          <li key={crumb.to} className="flex shrink-0 items-center gap-1.5">
            <Link
              to={crumb.to}
              className="rounded-sm text-base text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {crumb.label}
            </Link>
            <span aria-hidden className="text-muted-foreground">
              /
            </span>
          </li>
        ))}
        <li className="min-w-0" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}

export interface AppShellProps {
  user: ShellUser;
  menu: MenuItem[];
  children: ReactNode;
  /** Overrides the page's handle; `null` shows the product name and leaves the h1 to the page body (error pages). */
  heading?: PageHandle | null;
}

/** The logged-in frame: fixed sidebar from 960 px, drawer below, sticky header, one <main>. */
export function AppShell({ user, menu, children, heading }: AppShellProps) {
  const pageHeading = usePageHeading();
  const shown = heading === undefined ? pageHeading : heading;

  return (
    <div className="min-h-screen">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-card px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-none focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>

      <aside aria-label="Sidebar" className="fixed inset-y-0 left-0 z-40 hidden w-52 flex-col border-r bg-card nav:flex xl:w-64">
        <div className="flex h-16 shrink-0 items-center border-b px-6">
          <Brand />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <MainMenu items={menu} />
        </nav>
      </aside>

      {/* Up to 1280 px the sidebar and the gutters are narrower, so a list keeps its columns at 1024 px (decision 066). */}
      <div className="flex min-h-screen flex-col nav:pl-52 xl:pl-64">
        <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
          <div className="flex min-h-16 items-center gap-3 px-4 py-2 sm:px-6 xl:px-8">
            <MenuDrawer items={menu} />
            <div className="min-w-0 flex-1">
              <PageHeading heading={shown} />
              {user.isAdmin ? null : (
                <Link
                  to="/bills"
                  className="block truncate rounded-sm text-xs text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Pay suppliers early and earn cashback
                </Link>
              )}
            </div>
            <UserMenu user={user} />
          </div>
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 nav:py-8 xl:px-8">
          <div className="mx-auto w-full max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
