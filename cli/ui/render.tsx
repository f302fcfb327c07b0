import type { ReactElement } from "react";
import { render } from "ink";
import { Confirm } from "./Confirm";

/** Renders a final frame (a message, a table) and returns once it is written. */
export async function renderOnce(node: ReactElement, options: { stderr?: boolean } = {}): Promise<void> {
  const instance = render(node, { stdout: options.stderr ? process.stderr : process.stdout, patchConsole: false, exitOnCtrlC: false });
  // waitUntilExit must be called before unmount: a promise asked for afterwards never settles (Ink 5).
  const exited = instance.waitUntilExit();
  instance.unmount();
  await exited;
}

/** Renders a frame that changes (progress); `finish` writes the last frame and stops. */
export function renderLive(node: ReactElement) {
  const instance = render(node, { patchConsole: false });
  return {
    update: (next: ReactElement) => instance.rerender(next),
    finish: async (last?: ReactElement) => {
      if (last) instance.rerender(last);
      const exited = instance.waitUntilExit();
      instance.unmount();
      await exited;
    },
  };
}

/** Asks a yes/no question on the terminal (needs an interactive stdin). */
export async function confirm(message: string): Promise<boolean> {
  let answer = false;
  const instance = render(<Confirm message={message} onAnswer={(yes) => (answer = yes)} />, { patchConsole: false, exitOnCtrlC: false });
  await instance.waitUntilExit();
  return answer;
}
