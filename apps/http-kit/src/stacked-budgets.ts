/**
 * The budget of stacked tasks (decision 0183). Piscina stops a task over budget through its abort
 * signal, but never stacks a task that has one; stacked tasks are stopped here instead, through memory
 * shared with the worker threads (an Int32Array):
 * - each thread writes which task it runs into its own slot (its threadId, then the task's number),
 *   and clears it when the task ends;
 * - at a task's deadline the event loop marks the task cancelled, then ends the thread whose slot
 *   holds it. A thread reads the mark before it starts a task and skips a cancelled one. With
 *   sequentially consistent Atomics on both sides, a task either is seen running (its thread is
 *   ended) or sees its mark (it never runs).
 * Ending a thread ends the task stacked behind the stopped one too; that task had not started, its
 * input was copied rather than moved, so the pool runs it again (`endedThread` tells it why it failed).
 */
import type { Worker } from 'node:worker_threads';

/** Slots for running tasks (by threadId) and for cancel marks (by task number); a power of two */
export const BUDGET_SLOTS = 4096;

export interface StackedBudgets {
  /** The memory the threads share (workerData.running) */
  shared: SharedArrayBuffer;
  /** A fresh task number (never 0: 0 is an empty slot) */
  next(): number;
  /** Past the deadline of task `seq`: it never starts, or the thread running it is ended */
  stop(seq: number, threads: readonly Worker[]): void;
  /** Whether a task failed because its thread was ended here (not by a failure of its own) */
  endedThread(err: unknown): boolean;
}

export function stackedBudgets(): StackedBudgets {
  const shared = new SharedArrayBuffer(3 * BUDGET_SLOTS * Int32Array.BYTES_PER_ELEMENT);
  const slots = new Int32Array(shared);
  let last = 0;
  /** Threads ended here whose tasks are being failed by piscina right now */
  let ending = 0;
  return {
    shared,
    next: () => {
      last = last >= 0x7fffffff ? 1 : last + 1;
      return last;
    },
    stop(seq, threads) {
      Atomics.store(slots, 2 * BUDGET_SLOTS + (seq & (BUDGET_SLOTS - 1)), seq);
      for (const thread of threads) {
        const slot = 2 * (thread.threadId & (BUDGET_SLOTS - 1));
        if (Atomics.load(slots, slot + 1) !== seq || Atomics.load(slots, slot) !== thread.threadId) continue;
        // piscina's own 'exit' listener (added first) fails the thread's tasks; their handlers run
        // after this one, while `ending` is up
        thread.once('exit', () => {
          ending++;
          setImmediate(() => ending--);
        });
        void thread.terminate();
      }
    },
    endedThread: (err) =>
      ending > 0 && err instanceof Error && err.message.startsWith('worker exited with code'),
  };
}

/** The worker thread's side: marks the task it runs, or says it was cancelled before it started */
export function budgetSlots(shared: SharedArrayBuffer, threadId: number) {
  const slots = new Int32Array(shared);
  const slot = 2 * (threadId & (BUDGET_SLOTS - 1));
  return {
    /** false when the task is cancelled: do not run it */
    start(seq: number): boolean {
      Atomics.store(slots, slot, threadId);
      Atomics.store(slots, slot + 1, seq);
      if (Atomics.load(slots, 2 * BUDGET_SLOTS + (seq & (BUDGET_SLOTS - 1))) !== seq) return true;
      Atomics.store(slots, slot + 1, 0);
      return false;
    },
    end(): void {
      Atomics.store(slots, slot + 1, 0);
    },
  };
}
