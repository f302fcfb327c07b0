import { env } from "./env.server";

/**
 * The site the links in e-mails point to: APP_URL when configured, else the origin the request came to. Set APP_URL
 * in production: a link built from the request's Host header could point at another site.
 */
export function appOrigin(requestOrigin: string): string {
  const configured = env().APP_URL;
  return configured ? configured.replace(/\/+$/, "") : requestOrigin;
}
