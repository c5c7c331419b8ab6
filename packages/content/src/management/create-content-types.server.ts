import { HttpError } from '@piste/core';
import { ContentServiceError } from '../client/content-service-error';
import { mapFields, type ContentTypeDefinition, type ContentTypeField } from '../content-type-definitions';
import type { ManagementApi } from './management-api.server';
import { itemKey, itemLabel, needsOf, stackItemsInOrder, type StackItem } from './stack-items';

/**
 * `npm run content:create-types` (docs/providers/contentstack.md 'Start a stack from our
 * models'): puts our content types, and the global fields they use, in a stack through the
 * Management API, each after what it refers to, reporting every one as it goes.
 */

export interface ContentTypesRun {
  api: ManagementApi;
  definitions: readonly ContentTypeDefinition[];
  /** Replace what the stack already holds; without it, that is left as it is. */
  update: boolean;
  /** The stack's extension for JSON custom fields, set on each of them. */
  jsonExtensionUid?: string;
  print: (line: string) => void;
}

export interface ContentTypeOutcome {
  kind: StackItem['kind'];
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

/**
 * The fields as the stack takes them: a global field named by its uid alone (its fields are the
 * stack's), JSON fields with the extension, and without what `unavailable` says cannot be named yet.
 */
function fieldsToSend(
  fields: readonly ContentTypeField[],
  jsonExtensionUid: string | undefined,
  unavailable: (key: string) => boolean,
): ContentTypeField[] {
  return mapFields(fields, (field) => {
    if (field.data_type === 'reference') {
      return field.reference_to.some((uid) => unavailable(itemKey('content_type', uid))) ? undefined : field;
    }
    if (field.data_type === 'global_field') {
      if (unavailable(itemKey('global_field', field.reference_to))) return undefined;
      return { ...field, schema: undefined };
    }
    if (field.data_type === 'json' && jsonExtensionUid !== undefined) {
      return { ...field, extension_uid: jsonExtensionUid };
    }
    return field;
  });
}

function withSchema(item: StackItem, schema: ContentTypeField[]): StackItem {
  return item.kind === 'content_type'
    ? { kind: item.kind, definition: { ...item.definition, schema } }
    : { kind: item.kind, definition: { ...item.definition, schema } };
}

/**
 * Creates (POST) what the stack lacks and, with `update`, replaces (PUT) what it has. An item that
 * needs one not yet in the stack (itself, or a later one of a cycle) is sent first without those
 * fields, then replaced whole once they exist. A failure does not stop the others; an item
 * needing a failed one is reported failed too.
 */
export async function putContentTypesInStack(run: ContentTypesRun): Promise<ContentTypeOutcome[]> {
  const { api, print } = run;
  const inStack = new Set<string>();
  const outcomes: ContentTypeOutcome[] = [];
  const unfinished: Array<{ item: StackItem; result: 'created' | 'updated' }> = [];

  const report = (item: StackItem, result: ContentTypeOutcome['result'], detail?: string) => {
    const { kind } = item;
    const { uid } = item.definition;
    outcomes.push({ kind, uid, result, detail });
    print(`${itemLabel(itemKey(kind, uid))}: ${result}${detail ? ` (${detail})` : ''}`);
  };

  for (const item of stackItemsInOrder(run.definitions)) {
    const key = itemKey(item.kind, item.definition.uid);
    let exists: boolean;
    try {
      exists = await api.exists(item.kind, item.definition.uid);
    } catch (error) {
      report(item, 'failed', `could not look it up: ${describeFailure(error)}`);
      continue;
    }
    if (exists && !run.update) {
      inStack.add(key);
      report(item, 'kept', 'already in the stack, left as it is; --update replaces it');
      continue;
    }
    // What is being updated is in the stack already, so only a new item's own key can be missing here.
    if (exists) inStack.add(key);
    const later = [...needsOf(item.definition.schema)].filter((need) => !inStack.has(need));
    const first = withSchema(
      item,
      fieldsToSend(item.definition.schema, run.jsonExtensionUid, (need) => later.includes(need)),
    );
    const result = exists ? 'updated' : 'created';
    try {
      if (exists) await api.update(first);
      else await api.create(first);
    } catch (error) {
      report(item, 'failed', describeFailure(error));
      continue;
    }
    inStack.add(key);
    if (later.length > 0) {
      print(`${itemLabel(key)}: ${result} without its references to ${later.map(itemLabel).join(', ')}, added next`);
      unfinished.push({ item, result });
    } else {
      report(item, result);
    }
  }

  for (const { item, result } of unfinished) {
    const absent = [...needsOf(item.definition.schema)].filter((need) => !inStack.has(need));
    if (absent.length > 0) {
      report(item, 'failed', `${result} without its references to ${absent.map(itemLabel).join(', ')}, which failed`);
      continue;
    }
    try {
      await api.update(
        withSchema(
          item,
          fieldsToSend(item.definition.schema, run.jsonExtensionUid, () => false),
        ),
      );
      report(item, result, 'its references added');
    } catch (error) {
      report(item, 'failed', `${result}, but adding its references failed: ${describeFailure(error)}`);
    }
  }
  return outcomes;
}
