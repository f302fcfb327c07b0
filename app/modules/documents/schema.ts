/** Inputs of the documents module (GUIDE rule 5): the list query, shared by the review lists and the CLI. */
import { z } from "zod";
import { BILL_DOCUMENT_PROCESSING_STATUSES, BILL_DOCUMENT_SOURCES } from "../../../db/models/bill-document-values";

export { BILL_DOCUMENT_PROCESSING_STATUSES };

export const DOCUMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DOCUMENT_DEFAULT_PAGE_SIZE = 25;
/** Pages are read by OFFSET: a list is paged through its first 10,000 documents (the exact count's cap). */
export const DOCUMENT_LIST_MAX_ROWS = 10_000;

export const DocumentStatusSchema = z.enum(BILL_DOCUMENT_PROCESSING_STATUSES, {
  errorMap: () => ({ message: `Status must be one of ${BILL_DOCUMENT_PROCESSING_STATUSES.join(", ")}` }),
});

export const DocumentSourceSchema = z.enum(BILL_DOCUMENT_SOURCES);

const pageNumber = z.coerce.number().int().min(1).catch(1);

export const ListDocumentsSchema = z.object({
  status: z.union([DocumentStatusSchema, z.array(DocumentStatusSchema).min(1)]).optional(),
  page: pageNumber.default(1),
  size: z.coerce
    .number()
    .refine((value) => (DOCUMENT_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DOCUMENT_DEFAULT_PAGE_SIZE)
    .default(DOCUMENT_DEFAULT_PAGE_SIZE),
});
export type ListDocumentsInput = z.input<typeof ListDocumentsSchema>;
