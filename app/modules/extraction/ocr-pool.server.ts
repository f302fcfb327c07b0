/**
 * OCR with tesseract.js, offline: the English data ships in @tesseract.js-data/eng (4.0.0_best_int, gzipped) and is
 * read from node_modules, never fetched. Each tesseract.js worker is a worker thread, so recognising a page does not
 * block the process's event loop (a web process keeps answering). The pool is kept for the process: a worker costs
 * about 1.3 s to start (it loads the language data), a page about 1.3-1.6 s to read.
 *
 * Size: one worker per CPU beyond the first, at least one, at most OCR_WORKERS (default 2): on the 2-CPU machine this
 * is one worker, leaving a CPU to the web server and the database. Workers start on first use and stop after
 * OCR_IDLE_MS without work (the timer is unref'd, so an idle pool never keeps a process alive); closeOcrPool() stops
 * them at once (tests, the CLI, shutdown).
 */
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createWorker, type Worker } from "tesseract.js";

const require = createRequire(import.meta.url);

export const ENGLISH_LANG_PATH = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");

const OCR_IDLE_MS = 60_000;

export function ocrPoolSize(cpus = os.availableParallelism(), maximum = Number(process.env.OCR_WORKERS ?? 2)): number {
  const cap = Number.isInteger(maximum) && maximum > 0 ? maximum : 2;
  return Math.max(1, Math.min(cap, cpus - 1));
}

export type OcrResult = { text: string; confidencePercent: number };

type Task = { image: Buffer; resolve: (result: OcrResult) => void; reject: (error: unknown) => void };

const idle: Worker[] = [];
const starting = new Set<Promise<Worker>>();
let busy = 0;
let live = 0;
const waiting: Task[] = [];
let idleTimer: NodeJS.Timeout | null = null;

function startWorker(): Promise<Worker> {
  live++;
  const started = createWorker("eng", 1, { langPath: ENGLISH_LANG_PATH, gzip: true, cacheMethod: "none" });
  starting.add(started);
  started.then(
    () => starting.delete(started),
    () => {
      starting.delete(started);
      live--;
    },
  );
  return started;
}

async function run(worker: Worker, task: Task): Promise<void> {
  busy++;
  try {
    const { data } = await worker.recognize(task.image);
    task.resolve({ text: data.text, confidencePercent: data.confidence });
  } catch (error) {
    task.reject(error);
  } finally {
    busy--;
    release(worker);
  }
}

function release(worker: Worker): void {
  const next = waiting.shift();
  if (next) {
    void run(worker, next);
    return;
  }
  idle.push(worker);
  if (busy === 0) scheduleIdleStop();
}

function scheduleIdleStop(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeOcrPool(), OCR_IDLE_MS);
  idleTimer.unref();
}

/** Reads the text of one page image (PNG or JPEG bytes) on a pool worker; queues while every worker is busy. */
export function recognise(image: Buffer): Promise<OcrResult> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  return new Promise<OcrResult>((resolve, reject) => {
    const task: Task = { image, resolve, reject };
    const worker = idle.pop();
    if (worker) {
      void run(worker, task);
      return;
    }
    waiting.push(task);
    if (live < ocrPoolSize()) {
      startWorker().then(release, (error: unknown) => {
        // The worker never started: fail the task that asked for it rather than leave it waiting.
        const index = waiting.indexOf(task);
        if (index >= 0) waiting.splice(index, 1);
        reject(error);
      });
    }
  });
}

/** Stops the pool's idle workers (after those starting have started); a later recognise() starts new ones. */
export async function closeOcrPool(): Promise<void> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  await Promise.allSettled([...starting]);
  const workers = idle.splice(0);
  live -= workers.length;
  await Promise.all(workers.map((worker) => worker.terminate()));
}

/** Workers alive now (tests). */
export const ocrPoolWorkers = (): number => live;
