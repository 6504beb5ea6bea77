/** The piscina worker of `einv validate --jobs N`: one task = one file (see validate-file.ts). */
import type { ValidateDocumentOptions } from '@einv/facturx';
import { type FileVerdict, validateFile } from './validate-file.js';

export interface ValidateTask {
  file: string;
  options: ValidateDocumentOptions;
}

export default function validateTask(task: ValidateTask): Promise<FileVerdict> {
  return validateFile(task.file, task.options);
}
