/** Calling a route's loader or action in a test, as Remix would. */

/** What a loader or action answered or threw: a Response either way (anything else thrown is re-thrown). */
export async function settle(run: () => unknown): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
