/** `npm run new:plugin -- <id> [--with-server]` (./generate-plugin.ts). */
import { generatePlugin } from './generate-plugin';

const args = process.argv.slice(2);
const id = args.find((arg) => !arg.startsWith('-'));
if (!id || args.some((arg) => arg.startsWith('-') && arg !== '--with-server')) {
  console.error('usage: npm run new:plugin -- <id> [--with-server]');
  process.exit(2);
}
const root = process.cwd();
try {
  const files = await generatePlugin({ root, id, withServer: args.includes('--with-server') });
  for (const file of files) console.log(`  ${file}`);
  if (args.includes('--with-server')) console.log('  server/db/migrations (its table)');
  console.log(
    `\nNext: docs/plugins.md. The French and Arabic files hold the English texts until translated.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
