import { CONTENT_LOCALES } from '@piste/core';
import type { SearchDocument } from '@piste/search';
import {
  HostedIndexError,
  documentBatches,
  documentsUrl,
  indexIntoHostedEngine,
  type HostedIndexReport,
} from '@piste/search/server';
import { ConfigError, type Config } from './config';

/**
 * `npm run search:index-hosted` (docs/providers/app-search.md): builds our search documents and
 * writes them into the hosted App Search engine of SEARCH_ENDPOINT through its documents API,
 * with SEARCH_PRIVATE_KEY. The command itself (cli/search-index-hosted.ts) opens the database and
 * the content client; this part is what it does with them, testable alone.
 */

export interface HostedIndexArguments {
  dryRun: boolean;
  /** Content locales to send; every one by default. */
  locales: readonly string[];
  /** The engine written to; SEARCH_ENGINE by default (an engine per locale takes one locale each). */
  engine?: string;
  batchSize: number;
}

const ENGINE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The command's arguments, checked; a ConfigError names each bad one. */
export function parseHostedIndexArguments(values: {
  'dry-run'?: boolean;
  locale?: string[];
  engine?: string;
  'batch-size'?: string;
}): HostedIndexArguments {
  const locales = values.locale?.length ? values.locale.map((locale) => locale.trim().toLowerCase()) : CONTENT_LOCALES;
  const batchSize = values['batch-size'] === undefined ? 100 : Number(values['batch-size']);
  const problems = [
    ...locales
      .filter((locale) => !CONTENT_LOCALES.includes(locale))
      .map((locale) => `--locale: ${locale} is not a content locale (${CONTENT_LOCALES.join(', ')})`),
    ...(values.engine === undefined || ENGINE_NAME.test(values.engine)
      ? []
      : ['--engine: must be lowercase letters, digits and dashes']),
    ...(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 100
      ? []
      : ['--batch-size: give a whole number from 1 to 100 (App Search takes at most 100 documents a request)']),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return { dryRun: values['dry-run'] ?? false, locales, engine: values.engine, batchSize };
}

/** The hosted engine's settings, required unless it is a dry run; a ConfigError names each missing variable. */
export function hostedIndexTarget(config: Config, args: HostedIndexArguments) {
  const problems = args.dryRun
    ? []
    : [
        ...(config.SEARCH_ENDPOINT
          ? []
          : ['SEARCH_ENDPOINT: set it to the hosted App Search API root ending in /api/as/v1']),
        ...(config.SEARCH_PRIVATE_KEY
          ? []
          : ['SEARCH_PRIVATE_KEY: set it to the engine\u2019s private API key (private-…)']),
      ];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    endpoint: config.SEARCH_ENDPOINT ?? 'https://<SEARCH_ENDPOINT>/api/as/v1',
    engineName: args.engine ?? config.SEARCH_ENGINE,
    privateKey: config.SEARCH_PRIVATE_KEY ?? '',
  };
}

export interface HostedIndexRun {
  args: HostedIndexArguments;
  target: ReturnType<typeof hostedIndexTarget>;
  documents: readonly SearchDocument[];
  /** Where progress and the report go (console.log in the command). */
  print: (line: string) => void;
  fetch?: typeof fetch;
}

/** Sends the documents (or, in a dry run, prints each request it would send); resolves with the exit code. */
export async function runHostedIndex({ args, target, documents, print, fetch }: HostedIndexRun): Promise<number> {
  const chosen = documents.filter((document) => args.locales.includes(document.locale));
  const url = documentsUrl(target.endpoint, target.engineName);
  const byLocale = new Map<string, number>();
  for (const document of chosen) byLocale.set(document.locale, (byLocale.get(document.locale) ?? 0) + 1);
  print(
    `${chosen.length} documents (${[...byLocale].map(([locale, count]) => `${locale} ${count}`).join(', ') || 'none'}) for engine ${target.engineName}`,
  );
  if (args.dryRun) {
    const batches = documentBatches(chosen, args.batchSize);
    batches.forEach((batch, index) => {
      print(`POST ${url}  (batch ${index + 1} of ${batches.length}, ${batch.length} documents)`);
      print(JSON.stringify(batch));
    });
    print('Dry run: nothing was sent.');
    return 0;
  }
  let report: HostedIndexReport;
  try {
    report = await indexIntoHostedEngine(chosen, {
      endpoint: target.endpoint,
      engineName: target.engineName,
      privateKey: target.privateKey,
      batchSize: args.batchSize,
      fetch,
      onProgress: ({ batch, batches, sent, total, rejected }) =>
        print(`  batch ${batch}/${batches}: ${sent}/${total} sent, ${rejected} refused so far`),
    });
  } catch (error) {
    if (!(error instanceof HostedIndexError)) throw error;
    printRejections(error.report, print);
    print(`Stopped: ${error.message}`);
    return 1;
  }
  printRejections(report, print);
  print(`${report.accepted} of ${report.total} documents accepted by ${url}; ${report.rejected.length} refused.`);
  return report.rejected.length > 0 ? 1 : 0;
}

function printRejections(report: HostedIndexReport, print: (line: string) => void): void {
  for (const { id, errors } of report.rejected) print(`  refused ${id}: ${errors.join('; ')}`);
}
