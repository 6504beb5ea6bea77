/**
 * Bytes between the event loop and the worker threads are moved, not copied (issue 14): posting a
 * Uint8Array to a thread copies it (structured clone) unless its ArrayBuffer is in the transfer list,
 * which hands the memory over and leaves the sender's view empty. Only a view that covers its whole,
 * non-shared ArrayBuffer is moved: a slice of Node's Buffer pool or of a larger buffer would take the
 * rest of that memory away from its other users, so those are copied as before.
 */

/** The ArrayBuffers of these views that may be moved (each view owns all of its buffer), once each */
export function movableBuffers(views: readonly unknown[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views)
    if (
      ArrayBuffer.isView(view) &&
      view.buffer instanceof ArrayBuffer &&
      view.byteOffset === 0 &&
      view.byteLength === view.buffer.byteLength &&
      view.byteLength > 0
    )
      buffers.add(view.buffer);
  return [...buffers];
}

/**
 * The byte arrays of a task's result, found in plain objects up to three levels deep (a report's
 * `json`, a receipt's `body`, a generated `pdf`); arrays (findings, lines) are not searched.
 */
export function resultBytes(value: unknown, depth = 3): ArrayBufferView[] {
  if (ArrayBuffer.isView(value)) return [value];
  if (depth === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const found: ArrayBufferView[] = [];
  for (const member of Object.values(value)) found.push(...resultBytes(member, depth - 1));
  return found;
}

/** The same bytes as a Buffer for Express to send, sharing their memory (Buffer.from(view) copies) */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
