/**
 * TO BE REPLACED AT THE MERGE OF ISSUE 16 (decision 042): the documents module reaches the extraction (helper X,
 * `app/modules/extraction/`) and the matching (helper M, `app/modules/matching/`) only through this file, by the
 * interface names agreed in the brief. On this branch those modules do not exist yet, so the names are
 * re-exported from minimal stand-ins in ./placeholders; the merge re-exports the real ones here instead and deletes
 * ./placeholders:
 *
 *   export { inspectFile, extractDocument, type Extraction, type InspectResult } from "../extraction/<its service file>";
 *   export { matchDocument } from "../matching/<its service file>";
 */
export { inspectFile, type InspectResult } from "./placeholders/inspect-file.server";
export { extractDocument, type Extraction, type ExtractedField } from "./placeholders/extract-document.server";
export { matchDocument } from "./placeholders/match-document.server";
