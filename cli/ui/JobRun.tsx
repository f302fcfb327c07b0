import { Box, Text } from "ink";
import type { JobView } from "../../app/modules/jobs/service.server";
import { jobDuration, summarize } from "../format";
import { ErrorMessage, Success } from "./Message";
import { ProgressBar } from "./ProgressBar";
import { Spinner } from "./Spinner";

/** A job as it runs: spinner and bar, then the outcome and its result. */
export function JobRun({ name, percent, job, failed }: { name: string; percent: number; job?: JobView; failed?: boolean }) {
  const title =
    job?.status === "SUCCEEDED" ? (
      <Success>{`${name} succeeded in ${jobDuration(job)} (job ${job.id})`}</Success>
    ) : job ? (
      <Text>{`${name} is ${job.status} (job ${job.id}): another run has it.`}</Text>
    ) : failed ? (
      <ErrorMessage>{`${name} failed`}</ErrorMessage>
    ) : (
      <Spinner label={`Running ${name}…`} />
    );
  return (
    <Box flexDirection="column">
      {title}
      <Box marginLeft={2}>
        <ProgressBar percent={job?.progress ?? percent} color={failed ? "red" : "green"} />
      </Box>
      {job?.result ? <Text dimColor>{`  ${summarize(job.result)}`}</Text> : null}
    </Box>
  );
}
