/**
 * The one progress helper of the CLI (GUIDE rule 15; issue 14 part 6): runs a job's work with a live Ink progress bar
 * (JobRun) on a terminal, and nothing extra with --json or on a pipe. On failure the bar stays, marked failed, and the
 * error goes on to the command's error policy. Imports nothing of Ink itself: the kit comes from loadUi().
 */
import type { ReactElement } from "react";
import type { UiKit } from "../runtime";

export interface JobProgressRun<T> {
  result: T;
  /** Writes the last frame (on a terminal); null without Ink, where the command prints its result itself. */
  finish: ((last: ReactElement) => Promise<void>) | null;
}

export async function withJobProgress<T>(ui: UiKit | null, name: string, work: (onProgress: (percent: number) => void) => Promise<T>): Promise<JobProgressRun<T>> {
  const live = ui ? ui.renderLive(<ui.JobRun name={name} percent={0} />) : null;
  let percent = 0;
  const onProgress = (value: number) => {
    percent = value;
    if (ui) live?.update(<ui.JobRun name={name} percent={value} />);
  };
  let result: T;
  try {
    result = await work(onProgress);
  } catch (error) {
    if (ui) await live?.finish(<ui.JobRun name={name} percent={percent} failed />);
    throw error;
  }
  return { result, finish: live ? (last) => live.finish(last) : null };
}

/** The last frame of an import on a terminal: the first line as a success over a full bar, the other lines indented. */
export function summaryFrame(ui: UiKit, lines: string[]): ReactElement {
  return (
    <ui.Box flexDirection="column">
      <ui.Success>{lines[0]}</ui.Success>
      <ui.Box marginLeft={2}>
        <ui.ProgressBar percent={100} />
      </ui.Box>
      {lines.slice(1).map((line, i) => (
        <ui.Text key={i}>{`  ${line}`}</ui.Text>
      ))}
    </ui.Box>
  );
}
