/**
 * The one way a screen follows a job (GUIDE rule 8; issue 14 part 6): poll its status URL every second until it
 * finishes, tolerate a few 404s (the job row may not be visible yet), and show the result two seconds after 100%
 * (p2 §9). The import dialog and the Get Paid dialog use it with <JobProgress>.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export const JOB_POLL_MS = 1_000;
export const JOB_RESULT_DELAY_MS = 2_000;
/** 404 answers tolerated in a row before polling gives up. */
export const JOB_MAX_404 = 3;

/** What a status URL answers instead of a status. */
export interface JobPollError {
  error: string;
  status: number;
}

/** How a screen reads an error answer: a miss (counted against JOB_MAX_404), or the message to stop with. */
export type JobPollVerdict = { miss: true } | { fail: string };

export interface JobProgressOptions<Status extends { id: string | number }> {
  /** The status URL; null when there is nothing to poll. */
  url: string | null;
  initial: Status | null;
  finished: (status: Status) => boolean;
  /** The message shown when polling gives up (the screen's spec text). */
  pollingFailed: string;
  /** Default: a 404 is a miss, any other answer stops with its own message. */
  readError?: (answer: JobPollError) => JobPollVerdict;
  /** Show the result at once rather than two seconds after 100% (a full page load of a finished job). */
  resultAtOnce?: boolean;
  /** How long 100% stays on screen before the result (default JOB_RESULT_DELAY_MS; the counterparty import's is 1 s, p3 §4.6). */
  resultDelayMs?: number;
}

export interface JobProgressState<Status> {
  status: Status | null;
  /** Set when polling stopped on an error: show it instead of the progress. */
  error: string | null;
  done: boolean;
  /** 0-100: 100 once finished. */
  percent: number;
  /** True two seconds after the job finished (or at once, see resultAtOnce). */
  showResult: boolean;
}

const defaultReadError = (answer: JobPollError): JobPollVerdict => (answer.status === 404 ? { miss: true } : { fail: answer.error });

export function useJobProgress<Status extends { id: string | number; progress: number }>(options: JobProgressOptions<Status>): JobProgressState<Status> {
  const { url, finished, pollingFailed } = options;
  const resultDelayMs = options.resultDelayMs ?? JOB_RESULT_DELAY_MS;
  const fetcher = useFetcher<Status | JobPollError>();
  const [status, setStatus] = useState<Status | null>(options.initial);
  const [error, setError] = useState<string | null>(options.initial ? null : pollingFailed);
  const [showResult, setShowResult] = useState(Boolean(options.resultAtOnce));
  const misses = useRef(0);
  const readError = useRef(options.readError ?? defaultReadError);
  readError.current = options.readError ?? defaultReadError;
  const done = status ? finished(status) : true;

  const load = fetcher.load;
  useEffect(() => {
    if (!url || done || error) return;
    const timer = setInterval(() => load(url), JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [url, done, error, load]);

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined) return;
    const answer = fetcher.data as Status | JobPollError;
    if ("id" in answer) {
      misses.current = 0;
      setStatus(answer as Status);
      return;
    }
    const verdict = readError.current(answer);
    if ("fail" in verdict) setError(verdict.fail);
    else {
      misses.current += 1;
      if (misses.current > JOB_MAX_404) setError(pollingFailed);
    }
  }, [fetcher.state, fetcher.data, pollingFailed]);

  useEffect(() => {
    if (!status || !done || showResult) return;
    const timer = setTimeout(() => setShowResult(true), resultDelayMs);
    return () => clearTimeout(timer);
  }, [status, done, showResult, resultDelayMs]);

  return { status, error, done, percent: status ? (done ? 100 : status.progress) : 0, showResult };
}
