/** Calling a route's loader or action in an integration test. */

/** The Response a loader or action returned or threw (a thrown Response is the route's error page). */
export async function settle(run: () => unknown): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
