import { ContentServiceError } from '@piste/content/server';

/** The delivery API's code for a content type the stack does not have (docs/content.md). */
const UNKNOWN_CONTENT_TYPE = 118;

/**
 * For `client.entries(…).catch(noEntriesWithoutType)`: a stack without the content type (a new
 * database not seeded yet) has nothing of that type to index, which is not a failed build.
 */
export function noEntriesWithoutType(error: unknown): never[] {
  if (error instanceof ContentServiceError && error.error_code === UNKNOWN_CONTENT_TYPE) return [];
  throw error;
}
