import { API_BASE, ApiError } from '~/lib/api';

/**
 * Uploads one original to `POST /admin/api/media` with XMLHttpRequest, whose upload events
 * give the progress that `fetch` cannot. Refusals throw `ApiError` with the field messages.
 */
export function uploadOriginal<T>(file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/media`);
    request.setRequestHeader('Accept', 'application/json');
    const token = document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
      ?.slice('XSRF-TOKEN='.length);
    if (token) request.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(token));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.'));
    request.onload = () => {
      let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: described by its status below.
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      const error = body.error ?? {};
      reject(
        new ApiError(
          request.status,
          error.code ?? `HTTP_${request.status}`,
          error.fields?.file ?? error.message ?? `The server answered ${request.status}.`,
          error.fields,
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
