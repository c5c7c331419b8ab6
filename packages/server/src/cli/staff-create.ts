// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_ROLES } from '@piste/admin';
import { commandActor, createStaff, FieldErrors } from '@piste/admin/server';
import { loadConfig } from '../config';
import { prepareDatabase } from '../database';

const USAGE = 'Usage: npm run staff:create -- --email you@example.com --role owner [--name "Your Name"]';

const argsSchema = z.object({
  email: z.email('--email: give the staff member’s email address, e.g. --email you@example.com').max(254),
  role: z.enum(STAFF_ROLES, `--role: one of ${STAFF_ROLES.join(', ')}`),
  name: z.string().trim().max(100, '--name: keep it under 100 characters').optional(),
});

/** Where the command reads the password and writes what it did; tests give their own. */
export interface StaffCreateIo {
  env: NodeJS.ProcessEnv;
  /** Asks for the password (twice on a terminal, without echo); used when STAFF_PASSWORD is unset. */
  askPassword: () => Promise<string>;
  print: (line: string) => void;
  printError: (line: string) => void;
}

/** Reads one line from the terminal without showing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (then: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      then();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new Error('Cancelled.')));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of piped input (`printf '%s\n' "$PW" | npm run staff:create …`). */
function readLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  return new Promise((resolve) => {
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    lines.once('close', () => resolve(''));
  });
}

async function askPasswordOnStdin(): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  const password = await askHidden('Password: ');
  const again = await askHidden('Password again: ');
  if (password !== again) throw new Error('The two passwords differ: nothing was created.');
  return password;
}

const processIo: StaffCreateIo = {
  env: process.env,
  askPassword: askPasswordOnStdin,
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
};

/**
 * `npm run staff:create -- --email you@example.com --role owner [--name "…"]`: creates a staff
 * account, e.g. the shop's first owner, who then creates the others in the back office. The
 * password comes from STAFF_PASSWORD or is asked for; it is checked like any staff password.
 * The database is migrated first, as `npm start` would. Answers the exit code: 0 when created.
 */
export async function staffCreate(argv: string[], io: StaffCreateIo = processIo): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    }).values;
  } catch (error) {
    io.printError(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const args = argsSchema.safeParse(values);
  if (!args.success) {
    io.printError([...args.error.issues.map((issue) => issue.message), USAGE].join('\n'));
    return 1;
  }
  const { email, role } = args.data;
  const name = args.data.name || email.split('@')[0]!;

  try {
    const password = io.env.STAFF_PASSWORD ?? (await io.askPassword());
    const config = loadConfig(io.env);
    const database = await prepareDatabase(config, io.print);
    try {
      const created = await createStaff(database.db, commandActor('staff:create'), { email, name, role, password });
      io.print(`Created the ${created.role} account ${created.email} (${created.name}, id ${created.id}).`);
      io.print(`Sign in at ${new URL('/admin', config.PUBLIC_URL).href}`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    // A refused field, a bad setting or an unreachable database: the reason, without a stack.
    if (error instanceof FieldErrors) io.printError(Object.values(error.fields).join('\n'));
    else io.printError(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await staffCreate(process.argv.slice(2)));
}
