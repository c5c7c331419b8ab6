import { data } from 'react-router';

/**
 * The form fields of an action's request. A body that is not a form (wrong content type,
 * malformed) is the client's mistake: a 400 with a message, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ ok: false, message: 'Send this form as a regular form submission.' }, { status: 400 });
  }
}
