// The offer suggestions' worker thread (issue 13 part 21, docs/decisions/029), compiled to
// build/jobs/offer-suggestions-worker.js by scripts/build-jobs.mjs: the web process hands it the candidate bills and
// gets the two suggested sets back, so the knapsack's CPU never blocks a request. Pure computation: no database.
import { parentPort } from "node:worker_threads";
import { suggestionSets, type SuggestionSetsInput } from "../app/modules/offers/suggestion-sets";

parentPort?.on("message", ({ id, input }: { id: number; input: SuggestionSetsInput }) => {
  try {
    parentPort!.postMessage({ id, sets: suggestionSets(input) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
