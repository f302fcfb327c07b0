/**
 * The admin company tabs' shared door (p3 §2.4; docs/decisions/062): every loader and action authorises the admin
 * (requireAdmin: a company user gets the 404 of an unknown page) and reads the company id from the URL; the services
 * scope every query by it.
 */
import { z } from "zod";
import type { Actor } from "~/lib/actor";
import { isAppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/web/auth.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

export async function companyTabDoor(request: Request, params: Record<string, string | undefined>): Promise<{ actor: Actor; companyId: number }> {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, z.object({ companyId: IdSchema }));
  return { actor, companyId };
}

/**
 * A section of a page that may fail alone (p3 §8 titled load errors: 'Error fetching offers', ...): its value, or
 * `failed` after logging. A 404 or 403 (not an admin, no such company) is still the page's answer.
 */
export async function section<T>(load: Promise<T>, what: string): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await load };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isAppError(error) && (error.status === 404 || error.status === 403)) pageError(error);
    logger.error({ err: error }, `admin company tab: ${what} failed`);
    return { ok: false };
  }
}
