import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { FetchLike } from '@piste/core';
import { CONTENT_REGIONS, contentManagementBaseUrl } from '@piste/content';
import {
  CONTENT_SEED_DIR,
  contentTypeDefinitionsSchema,
  createManagementApi,
  hasJsonFields,
  putContentTypesInStack,
  type ContentTypeDefinition,
} from '@piste/content/server';
import { ConfigError, configSchema } from './config';

/**
 * `npm run content:create-types [-- --update]` (docs/providers/contentstack.md 'Start a stack
 * from our models'): creates our content types (data/seed/content/content-types.json, the ones
 * the embedded delivery API serves) in the Contentstack stack of CONTENT_API_KEY through its
 * Management API. The command itself (cli/content-types-create.ts) only calls `runContentTypesCommand`.
 */

const settingsSchema = configSchema.pick({ CONTENT_API_KEY: true, CONTENT_REGION: true, CONTENT_BRANCH: true }).extend({
  CONTENT_MANAGEMENT_TOKEN: z
    .string({ error: 'set it to a management token of the stack (Settings → Tokens → Management Tokens)' })
    .regex(/^\S{1,200}$/, 'must be a management token (cs…), without spaces'),
  CONTENT_MANAGEMENT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  CONTENT_JSON_EXTENSION_UID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the uid of a custom field extension (letters, digits, - or _)')
    .optional(),
});

export interface ManagementSettings {
  baseUrl: string;
  apiKey: string;
  managementToken: string;
  branch?: string;
  jsonExtensionUid?: string;
}

/** The command's settings from the environment; a ConfigError names each missing or malformed variable. */
export function managementSettings(
  env: NodeJS.ProcessEnv,
  definitions: readonly ContentTypeDefinition[],
): ManagementSettings {
  // An empty value means "not set", as in a .env file with `NAME=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = settingsSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The server's default key names the embedded demo stack, never one of the merchant's.
  if (present.CONTENT_API_KEY === undefined) {
    problems.push("CONTENT_API_KEY: set it to the stack's API key (Settings → Stack)");
  }
  if (present.CONTENT_REGION === undefined && present.CONTENT_MANAGEMENT_BASE_URL === undefined) {
    problems.push(
      `CONTENT_REGION: set it to the stack's region (${CONTENT_REGIONS.join(', ')}), or set CONTENT_MANAGEMENT_BASE_URL`,
    );
  }
  const withJson = definitions
    .filter((definition) => hasJsonFields(definition.schema))
    .map((definition) => definition.uid);
  if (withJson.length > 0 && present.CONTENT_JSON_EXTENSION_UID === undefined) {
    problems.push(
      `CONTENT_JSON_EXTENSION_UID: ${withJson.join(', ')} hold JSON fields, which Contentstack keeps in a custom field; ` +
        'install a JSON editor custom field in the stack and set its extension uid',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const settings = parsed.data;
  const baseUrl = settings.CONTENT_MANAGEMENT_BASE_URL ?? contentManagementBaseUrl(settings.CONTENT_REGION ?? 'us');
  return {
    baseUrl,
    apiKey: settings.CONTENT_API_KEY,
    managementToken: settings.CONTENT_MANAGEMENT_TOKEN,
    branch: settings.CONTENT_BRANCH,
    jsonExtensionUid: settings.CONTENT_JSON_EXTENSION_UID,
  };
}

/** Our content type definitions, as the embedded content service is seeded with them. */
export function readOurContentTypes(file = new URL('content-types.json', CONTENT_SEED_DIR)): ContentTypeDefinition[] {
  const parsed = contentTypeDefinitionsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file.pathname}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function parseCommandArguments(argv: string[]): { update: boolean } {
  try {
    const { values } = parseArgs({ args: argv, options: { update: { type: 'boolean' } }, strict: true });
    return { update: values.update ?? false };
  } catch (error) {
    throw new ConfigError([`${(error as Error).message}; the only option is --update`]);
  }
}

export interface ContentTypesCommandRun {
  argv: string[];
  env: NodeJS.ProcessEnv;
  print: (line: string) => void;
  definitions?: readonly ContentTypeDefinition[];
  fetch?: FetchLike;
  /** Waits between paced requests; a test gives one that does not. */
  sleep?: (ms: number) => Promise<void>;
}

/** Runs the command: 0 when every type is in the stack, 1 when a setting is wrong or a type failed. */
export async function runContentTypesCommand(run: ContentTypesCommandRun): Promise<number> {
  const definitions = run.definitions ?? readOurContentTypes();
  let settings: ManagementSettings;
  let update: boolean;
  try {
    ({ update } = parseCommandArguments(run.argv));
    settings = managementSettings(run.env, definitions);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    run.print(error.message);
    return 1;
  }
  run.print(
    `Putting ${definitions.length} content types in stack ${settings.apiKey} at ${settings.baseUrl}` +
      `${settings.branch ? `, branch ${settings.branch}` : ''}${update ? ', replacing existing ones' : ''}`,
  );
  const api = createManagementApi({ ...settings, fetch: run.fetch, sleep: run.sleep });
  const outcomes = await putContentTypesInStack({
    api,
    definitions,
    update,
    jsonExtensionUid: settings.jsonExtensionUid,
    print: run.print,
  });
  const count = (result: string) => outcomes.filter((outcome) => outcome.result === result).length;
  run.print(
    `${count('created')} created, ${count('updated')} updated, ${count('kept')} left as they were, ${count('failed')} failed`,
  );
  return count('failed') > 0 ? 1 : 0;
}
