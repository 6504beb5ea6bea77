/**
 * The module piscina runs in each worker thread (decisions 0102, 0121). It loads the service's task
 * module (`workerData.tasks`: the URL of a built .js file whose named exports are the tasks), runs the
 * task a message names, and moves the byte arrays of the result back to the event loop instead of
 * copying them (transfer.ts). Task modules stay plain functions; a task must not keep a reference to
 * bytes it returns, since they leave its thread.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { movableBuffers, resultBytes } from './transfer.js';

type Task = (input: unknown) => unknown;

const tasksUrl = (workerData as { tasks: string }).tasks;
const tasks = (await import(tasksUrl)) as Record<string, Task | undefined>;

/** What the event loop posts for one task */
export interface TaskMessage {
  task: string;
  input: unknown;
}

export default async function runTask({ task, input }: TaskMessage): Promise<unknown> {
  const fn = tasks[task];
  if (typeof fn !== 'function') throw new Error(`no task named ${task} in ${tasksUrl}`);
  const result = await fn(input);
  const buffers = movableBuffers(resultBytes(result));
  if (!buffers.length) return result;
  // piscina's transferable protocol: the value to post, and the buffers handed over with it
  return move({ [transferableSymbol]: buffers, [valueSymbol]: result } as unknown as Parameters<
    typeof move
  >[0]);
}
