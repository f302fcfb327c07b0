/**
 * The documents module reaches the extraction (`app/modules/extraction/`: inspectFile, extractDocument) and the matching
 * (`app/modules/matching/`: matchDocument) only through this file (decision 042), so the intake and the processing job
 * name one seam each and a test can pass its own steps.
 */
export { inspectFile, extractDocument, type Extraction, type InspectResult } from "../extraction/service.server";
export { matchDocument } from "../matching/service.server";
