import { HttpError } from '@piste/core';
import { ContentServiceError } from '../client/content-service-error';
import { mapFields, referencedContentTypes, type ContentTypeDefinition } from '../content-type-definitions';
import { creationOrder } from './content-type-order';
import type { ManagementApi } from './management-api.server';

/**
 * `npm run content:create-types` (docs/providers/contentstack.md 'Start a stack from our
 * models'): puts our content type definitions in a stack through the Management API, each after
 * the types it refers to, reporting every type as it goes.
 */

export interface ContentTypesRun {
  api: ManagementApi;
  definitions: readonly ContentTypeDefinition[];
  /** Replace the types the stack already holds; without it they are left as they are. */
  update: boolean;
  /** The stack's extension for JSON custom fields, set on each of them. */
  jsonExtensionUid?: string;
  print: (line: string) => void;
}

export interface ContentTypeOutcome {
  uid: string;
  result: 'created' | 'updated' | 'kept' | 'failed';
  detail?: string;
}

/** What the API said, for a person: status, Contentstack's message and code, and the fields it names. */
export function describeFailure(error: unknown): string {
  if (error instanceof ContentServiceError) {
    const fields = Object.entries(error.errors).map(([field, problems]) => `${field}: ${[problems].flat().join(', ')}`);
    const code = error.error_code === null ? '' : ` (error_code ${error.error_code})`;
    return [`${error.status} ${error.error_message}${code}`, ...fields].join('; ');
  }
  if (error instanceof HttpError) return `${error.message} (${error.url})`;
  return error instanceof Error ? error.message : String(error);
}

function withoutReferencesTo(definition: ContentTypeDefinition, targets: readonly string[]): ContentTypeDefinition {
  const schema = mapFields(definition.schema, (field) =>
    field.data_type === 'reference' && field.reference_to.some((target) => targets.includes(target))
      ? undefined
      : field,
  );
  return { ...definition, schema };
}

function withJsonExtension(definition: ContentTypeDefinition, extensionUid: string | undefined): ContentTypeDefinition {
  if (extensionUid === undefined) return definition;
  const schema = mapFields(definition.schema, (field) =>
    field.data_type === 'json' ? { ...field, extension_uid: extensionUid } : field,
  );
  return { ...definition, schema };
}

/**
 * Creates (POST) the types the stack lacks and, with `update`, replaces (PUT) the ones it has.
 * A type that refers to one not yet in the stack (itself, or a later type of a cycle) is sent
 * first without those reference fields, then replaced whole once they exist. A type that fails
 * does not stop the others; those referring to it are reported failed too.
 */
export async function putContentTypesInStack(run: ContentTypesRun): Promise<ContentTypeOutcome[]> {
  const { api, print } = run;
  const inStack = new Set<string>();
  const outcomes: ContentTypeOutcome[] = [];
  const unfinished: Array<{ definition: ContentTypeDefinition; result: 'created' | 'updated' }> = [];

  const report = (outcome: ContentTypeOutcome) => {
    outcomes.push(outcome);
    print(`${outcome.uid}: ${outcome.result}${outcome.detail ? ` (${outcome.detail})` : ''}`);
  };

  for (const definition of creationOrder(run.definitions)) {
    const { uid } = definition;
    const complete = withJsonExtension(definition, run.jsonExtensionUid);
    let exists: boolean;
    try {
      exists = await api.contentTypeExists(uid);
    } catch (error) {
      report({ uid, result: 'failed', detail: `could not look it up: ${describeFailure(error)}` });
      continue;
    }
    if (exists && !run.update) {
      inStack.add(uid);
      report({ uid, result: 'kept', detail: 'already in the stack, left as it is; --update replaces it' });
      continue;
    }
    if (exists) inStack.add(uid);
    // A type being updated is in the stack already, so only a new type's own uid can be missing here.
    const later = [...referencedContentTypes(complete)].filter((target) => !inStack.has(target));
    const first = later.length > 0 ? withoutReferencesTo(complete, later) : complete;
    const result = exists ? 'updated' : 'created';
    try {
      if (exists) await api.updateContentType(first);
      else await api.createContentType(first);
    } catch (error) {
      report({ uid, result: 'failed', detail: describeFailure(error) });
      continue;
    }
    inStack.add(uid);
    if (later.length > 0) {
      print(`${uid}: ${result} without its references to ${later.join(', ')}, added once they exist`);
      unfinished.push({ definition: complete, result });
    } else {
      report({ uid, result });
    }
  }

  for (const { definition, result } of unfinished) {
    const { uid } = definition;
    const absent = [...referencedContentTypes(definition)].filter((target) => !inStack.has(target));
    if (absent.length > 0) {
      report({
        uid,
        result: 'failed',
        detail: `${result} without its references to ${absent.join(', ')}, which failed`,
      });
      continue;
    }
    try {
      await api.updateContentType(definition);
      report({ uid, result, detail: 'references added' });
    } catch (error) {
      report({
        uid,
        result: 'failed',
        detail: `${result}, but adding its references failed: ${describeFailure(error)}`,
      });
    }
  }
  return outcomes;
}
