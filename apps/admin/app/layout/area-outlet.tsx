import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../components/route-error';

/** Holds every area's pages inside the frame: a page that fails shows its error, navigation kept. */
export default function AreaOutlet() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary };
