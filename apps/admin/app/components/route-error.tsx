import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isApiError } from '../lib/api';

/**
 * What a page shows when its loader or action failed: the server's message (403, 404…) or a
 * generic one. Pages inside the layout show it in place of their content, navigation kept.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  let title = 'Something went wrong';
  let message = 'The page could not be shown. Try again in a moment.';
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? 'Not found' : error.status === 403 ? 'Not allowed' : `Error ${error.status}`;
    message = typeof error.data === 'string' && error.data ? error.data : error.statusText || message;
  } else if (isApiError(error)) {
    title = error.status === 404 ? 'Not found' : error.status === 403 ? 'Not allowed' : title;
    message = error.message;
  }
  return (
    <div className="route-error" role="alert">
      <h1 className="page-header__title">{title}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Back to the dashboard</Link>
      </p>
    </div>
  );
}
