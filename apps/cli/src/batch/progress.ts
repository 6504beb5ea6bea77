/**
 * The progress bar of a batch (cli-progress, on stderr): files done, rate and ETA, only when stderr
 * is a terminal. Lines printed meanwhile go above the bar (MultiBar.log) so neither garbles the other.
 */
import cliProgress from 'cli-progress';
import { say } from '../i18n/messages.js';

export interface Progress {
  tick(): void;
  /** Prints a line without breaking the bar (or plainly, without one) */
  print(line: string): void;
  stop(): void;
}

export function startProgress(total: number, enabled: boolean): Progress {
  if (!enabled || total < 2) {
    return { tick() {}, print: (line) => void process.stdout.write(`${line}\n`), stop() {} };
  }
  const bars = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: say('progress.format'),
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  const bar = bars.create(total, 0, { rate: '0.0' });
  let done = 0;
  return {
    tick() {
      done++;
      const seconds = (Date.now() - started) / 1000;
      bar.update(done, { rate: seconds > 0 ? (done / seconds).toFixed(1) : '0.0' });
    },
    // the bar lives on stderr; when stdout is the same terminal, lines must go through the bar
    print: (line) => (process.stdout.isTTY ? bars.log(`${line}\n`) : void process.stdout.write(`${line}\n`)),
    stop: () => bars.stop(),
  };
}
