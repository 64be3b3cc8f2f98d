// Runs npm scripts one after another, like `a && b && c`, and prints how long each took when the run ends
// (passed or failed), so a slow CI run says which phase grew:
//   node scripts/run-phases.mjs typecheck lint test:unit
// With PHASE_TIMES_FILE set, each phase's line is also appended to that file (.ci/run prints them all at its end).
// Plain JavaScript: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const phases = process.argv.slice(2);
const times = [];

/** `12.3 s` or `4 min 05 s`. @param {number} ms */
function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}

let status = 0;
for (const phase of phases) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  const line = `${phase.padEnd(18)} ${formatDuration(Date.now() - started).padStart(12)}${result.status === 0 ? '' : '  FAILED'}`;
  times.push(line);
  if (process.env.PHASE_TIMES_FILE) appendFileSync(process.env.PHASE_TIMES_FILE, `${line}\n`);
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}
process.stdout.write(`\nPhase times:\n${times.map((line) => `  ${line}`).join('\n')}\n`);
process.exit(status);
