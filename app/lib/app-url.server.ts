import { env } from "./env.server";

/**
 * The site the links in e-mails point to (issue 13 part 6, docs/decisions/032): APP_URL, which production requires
 * (env.server.ts refuses to start without it), else the address this process listens on, http://localhost:PORT.
 * Never the request's Host or X-Forwarded-Host header: a forged header would send a reset link to another site.
 */
export function appOrigin(): string {
  const { APP_URL, PORT } = env();
  return APP_URL ? APP_URL.replace(/\/+$/, "") : `http://localhost:${PORT}`;
}
