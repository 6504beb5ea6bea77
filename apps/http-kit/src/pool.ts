/**
 * CPU work off the event loop (decision 0102): validation, parsing, generation and PDF work run in a
 * worker-thread pool (piscina) sized to the cores, so /healthz, /readyz and every I/O answer at once
 * while the pool is busy. Each task has a time budget measured from the moment it is submitted; a task
 * over budget is aborted (piscina ends the worker thread and starts a fresh one) and the request gets a
 * 503 problem with Retry-After. A full queue is refused at once the same way.
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { Piscina } from 'piscina';
import { movableBuffers } from './transfer.js';
import type { TaskMessage } from './work-thread.js';

export type TaskName = string;

/**
 * The abort signal of one task's budget, in the EventEmitter form piscina accepts (`once`/`off`
 * 'abort'): an AbortController and its EventTarget cost the event loop a few µs more per task and
 * more objects to collect (decision 0170), and nothing else listens to this signal
 */
class BudgetSignal extends EventEmitter {
  aborted = false;
  abort(): void {
    this.aborted = true;
    this.emit('abort');
  }
}

export interface WorkPool {
  /**
   * Runs a task in a worker thread. `transfer`: byte arrays of the input to move to the thread rather
   * than copy (those that own their whole buffer; see transfer.ts): the caller's views are empty
   * afterwards, so pass only bytes the request no longer reads.
   */
  run<T>(task: TaskName, input: unknown, transfer?: readonly ArrayBufferView[]): Promise<T>;
  /** Tasks waiting for a thread */
  queued(): number;
  /** Tasks running or waiting */
  inFlight(): number;
  /** true when a new task would be refused */
  saturated(): boolean;
  readonly threads: number;
  close(): Promise<void>;
}

export class WorkRefused extends Error {
  constructor(
    readonly reason: 'busy' | 'over-budget',
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PoolSettings {
  /** Worker threads (default: the cores this process may use) */
  threads: number;
  /** Tasks that may wait for a thread before new ones are refused */
  maxQueue: number;
  /** Longest time a task may take from submission, queue wait included */
  budgetMs: number;
}

export function poolSettingsFrom(env: NodeJS.ProcessEnv, defaultBudgetMs: number): PoolSettings {
  const int = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min)
      throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
    return Number(raw);
  };
  const threads = int('WORKER_THREADS', os.availableParallelism(), 1);
  return {
    threads,
    maxQueue: int('WORK_QUEUE_MAX', threads * 32, 0),
    budgetMs: int('WORK_BUDGET_MS', defaultBudgetMs, 1),
  };
}

/**
 * The pool of worker threads running the named exports of `tasks` (a built .js module), through
 * work-thread.js, which moves the byte arrays of each result back instead of copying them
 */
export function threadPool(tasks: string | URL, settings: PoolSettings): WorkPool {
  const piscina = new Piscina({
    filename: new URL('./work-thread.js', import.meta.url).href,
    workerData: { tasks: tasks.toString() },
    minThreads: settings.threads,
    maxThreads: settings.threads,
    maxQueue: settings.maxQueue,
    idleTimeout: 60_000,
  });
  let inFlight = 0;
  return {
    threads: settings.threads,
    queued: () => piscina.queueSize,
    inFlight: () => inFlight,
    saturated: () => piscina.queueSize >= settings.maxQueue,
    async run<T>(task: TaskName, input: unknown, transfer: readonly ArrayBufferView[] = []): Promise<T> {
      if (piscina.queueSize >= settings.maxQueue)
        throw new WorkRefused(
          'busy',
          1,
          `All ${settings.threads} workers are busy and ${settings.maxQueue} requests wait; retry shortly.`,
        );
      const budget = new BudgetSignal();
      const timer = setTimeout(() => budget.abort(), settings.budgetMs);
      inFlight++;
      try {
        const message: TaskMessage = { task, input };
        return (await piscina.run(message, {
          signal: budget,
          transferList: movableBuffers(transfer),
        })) as T;
      } catch (err) {
        if (budget.aborted)
          throw new WorkRefused(
            'over-budget',
            Math.max(1, Math.ceil(settings.budgetMs / 1000)),
            `The work took longer than its budget of ${settings.budgetMs} ms and was stopped; retry later or send a smaller document.`,
          );
        if (err instanceof Error && err.message === 'Task queue is at limit')
          throw new WorkRefused('busy', 1, `All ${settings.threads} workers are busy; retry shortly.`);
        throw err;
      } finally {
        clearTimeout(timer);
        inFlight--;
      }
    },
    close: () => piscina.close({ force: true }),
  };
}

/**
 * The same tasks run in this thread: for tests and library use without a build. No budget can stop
 * synchronous work here, so production always uses threadPool.
 */
export function inlinePool(tasks: Record<TaskName, (input: never) => unknown>): WorkPool {
  let inFlight = 0;
  return {
    threads: 0,
    queued: () => 0,
    inFlight: () => inFlight,
    saturated: () => false,
    async run<T>(task: TaskName, input: unknown): Promise<T> {
      const fn = tasks[task];
      if (!fn) throw new Error(`no task ${task}`);
      inFlight++;
      try {
        return (await fn(input as never)) as T;
      } finally {
        inFlight--;
      }
    },
    close: async () => {},
  };
}
