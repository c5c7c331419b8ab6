import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest ships with the first page (one cached script), so a link's route
  // is known before it is prefetched or followed: the prefetch queue (at most 4, spec §9) never
  // prefetches the catch-all route for a route not yet discovered (docs/decisions/012).
  routeDiscovery: { mode: 'initial' },
  // Opt in to React Router v8 behaviour now, so that upgrading later changes little.
  // Not v8_middleware yet: it replaces the plain load context (the domain services, the
  // request's shopper) with typed context keys that the server and the built app would have to share.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
