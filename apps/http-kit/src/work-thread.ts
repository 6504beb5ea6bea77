/**
 * The module piscina runs in each worker thread (decisions 0102, 0121). It loads the service's task
 * module (`workerData.tasks`: the URL of a built .js file whose named exports are the tasks), runs the
 * task a message names, and moves the byte arrays of the result back to the event loop instead of
 * copying them (transfer.ts). Task modules stay plain functions; a task must not keep a reference to
 * bytes it returns, since they leave its thread. A stacked task (decision 0183) carries its number:
 * the thread marks it running in the memory shared with the event loop, which can then end the
 * thread at the task's deadline, and skips it when it was cancelled before it started.
 */
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { budgetSlots } from './stacked-budgets.js';
import { movableBuffers, resultBytes } from './transfer.js';

type Task = (input: unknown) => unknown;

const data = workerData as { tasks: string; running?: SharedArrayBuffer };
const tasksUrl = data.tasks;
const tasks = (await import(tasksUrl)) as Record<string, Task | undefined>;
const budgets = data.running ? budgetSlots(data.running, threadId) : undefined;

/** What the event loop posts for one task; `seq`: a stacked task's number (decision 0183) */
export interface TaskMessage {
  task: string;
  input: unknown;
  seq?: number;
}

export default async function runTask({ task, input, seq }: TaskMessage): Promise<unknown> {
  const fn = tasks[task];
  if (typeof fn !== 'function') throw new Error(`no task named ${task} in ${tasksUrl}`);
  // cancelled at its deadline before it started: its caller was answered already
  if (seq !== undefined && budgets && !budgets.start(seq)) return undefined;
  let result: unknown;
  try {
    result = await fn(input);
  } finally {
    if (seq !== undefined) budgets?.end();
  }
  const buffers = movableBuffers(resultBytes(result));
  if (!buffers.length) return result;
  // piscina's transferable protocol: the value to post, and the buffers handed over with it
  return move({ [transferableSymbol]: buffers, [valueSymbol]: result } as unknown as Parameters<
    typeof move
  >[0]);
}
