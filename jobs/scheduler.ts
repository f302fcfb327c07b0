/** Placeholder until the Bree scheduler lands (same session). */
export async function startScheduler(): Promise<{ stop: () => Promise<void> }> {
  return { stop: async () => {} };
}
