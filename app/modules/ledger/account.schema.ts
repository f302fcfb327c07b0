/**
 * Inputs of the account screen (p1 §2, §7 GET /transaction (page, size)): the list query in the URL, and the
 * activation form's intent. A page or size that is not one of ours falls back to the default rather than failing:
 * they come from links and a select, and a hand-edited URL should still show the account.
 */
import { z } from "zod";
import { DEFAULT_TRANSACTION_PAGE_SIZE, TRANSACTION_PAGE_SIZES } from "./account.rules";

export interface TransactionListQuery {
  page: number;
  size: number;
}

const PageSchema = z.coerce.number().int().min(1).max(1_000_000);
const SizeSchema = z.coerce
  .number()
  .int()
  .refine((size) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(size));

export function parseTransactionListQuery(params: URLSearchParams): TransactionListQuery {
  const page = PageSchema.safeParse(params.get("page") ?? undefined);
  const size = SizeSchema.safeParse(params.get("size") ?? undefined);
  return { page: page.success ? page.data : 1, size: size.success ? size.data : DEFAULT_TRANSACTION_PAGE_SIZE };
}

/** `?page=2&size=50`, leaving out the defaults ("" for page 1 at the default size). */
export function serializeTransactionListQuery(query: TransactionListQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set("page", String(query.page));
  if (query.size !== DEFAULT_TRANSACTION_PAGE_SIZE) params.set("size", String(query.size));
  return params.toString();
}

/** The activation dialog posts one intent: activate. */
export const ActivateAccountSchema = z.object({ intent: z.literal("activate") });
