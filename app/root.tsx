import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage, NotFoundPage, refusalMessage } from "./components/layout/error-pages";
import { Toaster } from "./components/ui/toast";
import { readFlashToast } from "./web/toast.server";
import { getSessionUser } from "./web/auth.server";
import { getRuntimeConfig } from "./modules/settings/service.server";
import { env } from "./lib/env.server";
import { getFeatureFlags } from "./modules/settings/service.server";
import { useNonce } from "./lib/nonce";
import stylesheet from "./tailwind.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48", type: "image/x-icon" },
  { rel: "stylesheet", href: stylesheet },
];

export const meta: MetaFunction = () => [{ title: "Earlybird" }, { name: "description", content: "Get paid early. Pay early and earn cashback." }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flags, config, flash] = await Promise.all([getSessionUser(request), getFeatureFlags(), getRuntimeConfig(), readFlashToast(request)]);
  // `toast`: a toast flashed across a redirect (redirectWithToast), shown once by <Toaster/>.
  return json({ user, flags, config, appEnv: env().APP_ENV, toast: flash.toast }, { headers: flash.headers });
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>> extends { json(): Promise<infer T> } ? T : never;

/** Flags, config and the user as the client sees them. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster flash={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // The server logged its errors with their request id (entry.server.tsx handleError); the browser's own go to its console.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage message={refusalMessage(error)} />;
}
