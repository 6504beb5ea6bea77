/**
 * CPU work off the event loop (decision 0102): validation, parsing, generation and PDF work run in a
 * worker-thread pool (piscina) sized to the cores, so /healthz, /readyz and every I/O answer at once
 * while the pool is busy. Each task has a time budget measured from the moment it is submitted; a task
 * over budget is aborted (its worker thread is ended and a fresh one started) and the request gets a
 * 503 problem with Retry-After. A full queue is refused at once the same way.
 *
 * Small tasks may be stacked (decisions 0183, 0219): with `stackBelowBytes` set, a task whose bytes
 * are at most that size is posted to a busy thread behind the tasks it holds (up to `stackDepth` in
 * all), so the thread starts it as soon as the current one ends instead of sleeping until the event
 * loop hands it over. With two threads or more, small tasks never go to the last thread, which is kept
 * for the tasks that cannot be stacked (decision 0235). Piscina never stacks a task carrying an abort signal, so stacked tasks keep
 * their budget another way (`budgets` below).
 */
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { Piscina } from 'piscina';
import { type StackedBudgets, stackedBudgets } from './stacked-budgets.js';
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
   * afterwards, so pass only bytes the request no longer reads. A task small enough to be stacked
   * (PoolSettings.stackBelowBytes) is copied instead, so it can be run again.
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
  /**
   * Tasks whose `transfer` bytes total at most this many are stacked on busy threads (decision
   * 0183); unset: no task is stacked. For services whose small inputs are quick work.
   */
  stackBelowBytes?: number;
  /**
   * With stacking, the most tasks one thread holds: the one it runs and those stacked behind it
   * (default 2: one stacked; decision 0219). A new small task goes to a free thread, else to the busy
   * thread holding the fewest, never to the last thread when there are two or more (decision 0235).
   */
  stackDepth?: number;
  /**
   * The young generation of each worker thread's V8 heap, in MB (its `resourceLimits`; decision
   * 0240). V8's default (48) scavenges a busy validation thread so often that a request or two in a
   * hundred waits behind a collection; unset: V8's default.
   */
  youngGenerationMb?: number;
}

/**
 * Each worker thread's young generation, in MB (decision 0240): V8 rounds it to semi-spaces of 32 MB,
 * twice its default's 16, which halves the scavenges of a busy thread and what they promote. The
 * validator's p99 at 2,000 small validations a second fell from 17–22 ms to 10–13 ms.
 */
const DEFAULT_YOUNG_GENERATION_MB = 64;

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
    youngGenerationMb: int('WORKER_YOUNG_GENERATION_MB', DEFAULT_YOUNG_GENERATION_MB, 4),
  };
}

const overBudget = (budgetMs: number) =>
  new WorkRefused(
    'over-budget',
    Math.max(1, Math.ceil(budgetMs / 1000)),
    `The work took longer than its budget of ${budgetMs} ms and was stopped; retry later or send a smaller document.`,
  );

/**
 * The pool of worker threads running the named exports of `tasks` (a built .js module), through
 * work-thread.js, which moves the byte arrays of each result back instead of copying them
 */
export function threadPool(tasks: string | URL, settings: PoolSettings): WorkPool {
  const stacking = settings.stackBelowBytes !== undefined;
  const depth = Math.max(2, settings.stackDepth ?? 2);
  const budgets: StackedBudgets | undefined = stacking ? stackedBudgets() : undefined;
  /** Tasks posted with an abort signal and not settled: while any is, no task is stacked */
  let unstackedInFlight = 0;
  const piscina = new Piscina({
    filename: new URL('./work-thread.js', import.meta.url).href,
    workerData: { tasks: tasks.toString(), ...(budgets ? { running: budgets.shared } : {}) },
    minThreads: settings.threads,
    maxThreads: settings.threads,
    maxQueue: settings.maxQueue,
    idleTimeout: 60_000,
    ...(settings.youngGenerationMb !== undefined
      ? { resourceLimits: { maxYoungGenerationSizeMb: settings.youngGenerationMb } }
      : {}),
    ...(stacking
      ? {
          concurrentTasksPerWorker: depth,
          // Tasks that cannot be stacked (large uploads) take an idle thread, the last one first.
          // Stackable (small) tasks go to the other threads only, when there are two or more: an
          // idle one, else the busy one holding the fewest, and only while no task that cannot be
          // stacked is in flight, so such a task gets the next free thread. The last thread is kept
          // for large uploads (decision 0235): spreading small tasks over every thread left the
          // event loop and the collector no core of their own on 2 cores (one thread served ×1.1–1.3
          // the requests). A thread running an abortable task reports Infinity.
          loadBalancer: (task, workers) => {
            if (task.isAbortable) {
              for (let i = workers.length - 1; i >= 0; i--) {
                const worker = workers[i] as (typeof workers)[number];
                if (worker.currentUsage === 0) return worker;
              }
              return null;
            }
            const lanes = workers.length > 1 ? workers.length - 1 : workers.length;
            let busy: (typeof workers)[number] | null = null;
            let fewest = depth;
            for (let i = 0; i < lanes; i++) {
              const worker = workers[i] as (typeof workers)[number];
              const usage = worker.currentUsage;
              if (usage === 0) return worker;
              if (usage < fewest) {
                busy = worker;
                fewest = usage;
              }
            }
            return unstackedInFlight > 0 ? null : busy;
          },
        }
      : {}),
  });
  const busy = () =>
    new WorkRefused(
      'busy',
      1,
      `All ${settings.threads} workers are busy and ${settings.maxQueue} requests wait; retry shortly.`,
    );
  let inFlight = 0;

  /** Today's path: piscina aborts the task (ending its thread, or taking it out of the queue) */
  async function runAbortable<T>(message: TaskMessage, transfer: readonly ArrayBufferView[]): Promise<T> {
    const budget = new BudgetSignal();
    const timer = setTimeout(() => budget.abort(), settings.budgetMs);
    unstackedInFlight++;
    try {
      return (await piscina.run(message, { signal: budget, transferList: movableBuffers(transfer) })) as T;
    } catch (err) {
      if (budget.aborted) throw overBudget(settings.budgetMs);
      throw err;
    } finally {
      clearTimeout(timer);
      unstackedInFlight--;
    }
  }

  /**
   * A stackable task: its input is copied (not moved), so when its thread is ended for another task
   * over budget before it started, it runs again; at its own deadline it is stopped by `budgets`
   */
  function runStacked<T>(stack: StackedBudgets, message: TaskMessage): Promise<T> {
    const deadline = Date.now() + settings.budgetMs;
    return new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const seq = stack.next();
        let settled = false;
        const timer = setTimeout(() => {
          settled = true;
          reject(overBudget(settings.budgetMs));
          stack.stop(seq, piscina.threads);
        }, deadline - Date.now());
        piscina.run({ ...message, seq }).then(
          (value) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve(value as T);
          },
          (err: unknown) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            // its thread was ended under it (another task over budget, before this one started):
            // run it again while its own budget lasts; past its deadline it is over budget too (its
            // own timer, cleared above, may not have fired yet when the thread's exit arrives)
            if (!stack.endedThread(err)) reject(err);
            else if (Date.now() < deadline) attempt();
            else reject(overBudget(settings.budgetMs));
          },
        );
      };
      attempt();
    });
  }

  return {
    threads: settings.threads,
    queued: () => piscina.queueSize,
    inFlight: () => inFlight,
    saturated: () => piscina.queueSize >= settings.maxQueue,
    async run<T>(task: TaskName, input: unknown, transfer: readonly ArrayBufferView[] = []): Promise<T> {
      if (piscina.queueSize >= settings.maxQueue) throw busy();
      inFlight++;
      try {
        const message: TaskMessage = { task, input };
        const size = budgets ? transfer.reduce((sum, view) => sum + view.byteLength, 0) : Infinity;
        return await (budgets && size <= (settings.stackBelowBytes ?? 0)
          ? runStacked<T>(budgets, message)
          : runAbortable<T>(message, transfer));
      } catch (err) {
        if (err instanceof Error && err.message === 'Task queue is at limit')
          throw new WorkRefused('busy', 1, `All ${settings.threads} workers are busy; retry shortly.`);
        throw err;
      } finally {
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
