import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError, type ApiError } from '../../lib/api';

/** The form-wide error (no single field to blame): shown at the top by `FormErrorSummary`. */
export const SERVER_ERROR = 'root.server';

/**
 * Puts the server's refusal on the form: each of `fields` at its field (the API names them by
 * dotted path, as react-hook-form does; the summary lists them all, even one the form does not
 * show), and the message at the top when no field explains it.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: ApiError): void {
  const fields = Object.entries(error.fields ?? {});
  for (const [name, message] of fields) {
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: false });
  }
  if (fields.length === 0) form.setError(SERVER_ERROR as Path<T>, { type: 'server', message: error.message });
}

/**
 * The `clientAction` side of a form: `return attempt(() => api.put(...))` gives the page
 * `{ ok: false, error }` for a refusal (to show at the fields), and throws anything else.
 */
export async function attempt<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError }> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    if (isApiError(error)) return { ok: false, error };
    throw error;
  }
}

/** Applies a refusal returned by the route's action (`useActionData()` or `fetcher.data`) once it arrives. */
export function useServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  result: { ok: boolean; error?: ApiError } | undefined | null,
): void {
  const error = result && !result.ok ? result.error : undefined;
  useEffect(() => {
    if (error) applyServerErrors(form, error);
  }, [form, error]);
}
