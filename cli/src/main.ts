// quarry: the command-line client. run(argv, io) is the whole program (the tests call it
// in-process against a real API); bin/quarry.js calls it with the process's streams.
import { Command, CommanderError, Option } from 'commander';
import { createApi } from './client';
import { credentials } from './config';
import type { Io, Session } from './context';
import { CliError, EXIT } from './errors';
import { exportCommand } from './commands/export';
import { extractCommand } from './commands/extract';
import { jobsCommand } from './commands/jobs';
import { loginCommand, whereCommand } from './commands/login';
import { uploadCommand } from './commands/upload';

export const VERSION = '0.1.0';

const EXIT_HELP = `
Exit codes:
  0  done
  1  the call or the job failed (API error, failed job, invalid file, no connection)
  2  bad usage (unknown option, missing argument, unreadable file, not logged in)
  3  authentication (key missing, wrong, revoked, expired, or without the scope)

Credentials: QUARRY_URL and QUARRY_API_KEY, else the file written by \`quarry login\`.`;

function program(io: Io): Command {
  const session = (): Session => {
    const { url, key } = credentials(io.env);
    return { url, api: createApi(url, key, io.fetch), io };
  };
  const root = new Command('quarry')
    .description('Quarry from the command line: upload documents, extract data, follow jobs, export records.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .addHelpText('after', EXIT_HELP)
    .exitOverride();

  root
    .command('login')
    .description('Check an API key against the API and keep the URL and key in the config file (mode 0600)')
    .option('--url <url>', 'the API URL, e.g. https://quarry.example.com')
    .option('--key <key>', 'an API key (qk_...) from Settings → API keys')
    .action((opts) => loginCommand(io, opts));

  root
    .command('config-path')
    .description('Print where `quarry login` keeps the URL and key')
    .action(() => whereCommand(io));

  root
    .command('upload')
    .description('Upload files (pdf, jpeg, png, gif, bmp, tiff); prints one line per file: its id, name and pages')
    .argument('<files...>', 'the files to upload')
    .option('--json', 'print the results as JSON')
    .action((files: string[], opts) => uploadCommand(session(), files, opts));

  root
    .command('extract')
    .description('Extract data from a file in one call (upload, OCR, chunking, extraction)')
    .argument('<file>', 'the document')
    .requiredOption('-p, --prompt <name|id>', "the prompt's exact name or its id")
    .option('-w, --wait [seconds]', 'wait for the job to end (at most <seconds>) and print its record')
    .addOption(new Option('-f, --format <format>', 'output with --wait').choices(['json', 'csv']).default('json'))
    .option('--name <name>', "the job's name")
    .option('--idempotency-key <key>', 'a retried call with the same key answers the first call\'s job')
    .action((file: string, opts) => extractCommand(session(), file, opts));

  root
    .command('jobs')
    .description('List your jobs, newest first')
    .option('--watch', 'refresh until no job is pending, queued or running')
    .option('--json', 'print the jobs as JSON')
    .option('-n, --limit <n>', 'how many jobs', '20')
    .action((opts) => jobsCommand(session(), opts));

  root
    .command('export')
    .description("Export the reviewed records of a dataset's files or of a finished job's files")
    .argument('<id>', 'a dataset id or a job id')
    .addOption(new Option('-f, --format <format>', 'file format').choices(['csv', 'xlsx', 'json']).makeOptionMandatory())
    .option('-o, --output <file>', 'write to this file (default: stdout)')
    .addOption(new Option('--part <part>', 'CSV: one line per file (records) or per table row (rows)').choices(['records', 'rows']))
    .action((id: string, opts) => exportCommand(session(), id, opts));

  for (const cmd of root.commands) {
    cmd.exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    cmd.showHelpAfterError('(run with --help for usage)');
  }
  return root;
}

/** Runs the CLI; resolves with the exit code (never calls process.exit). */
export async function run(argv: string[], io: Io): Promise<number> {
  const cmd = program(io);
  try {
    await cmd.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end through here with exit code 0
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof CliError) {
      io.stderr.write(`quarry: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(`quarry: ${(err as Error).stack ?? String(err)}\n`);
    return EXIT.failure;
  }
}

export function processIo(): Io {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr, fetch: globalThis.fetch, pollMs: 1000 };
}
