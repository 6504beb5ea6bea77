/** Scripts both services' pages load (the language choice), served by each under its own path */
import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import { staticFiles } from './static-files.js';

const DIR = fileURLToPath(new URL('../public', import.meta.url));
const FILES = ['page-lang.js'];

export function pageAssets(): Router {
  return staticFiles(DIR, FILES, '10m');
}
