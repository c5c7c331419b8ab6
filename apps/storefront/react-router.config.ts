import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Opt in to React Router v8 behaviour now, so that upgrading later changes little.
  // Not v8_middleware yet: it replaces the plain load context (cspNonce, later the domain
  // services) with typed context keys that the server and the built app would have to share.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
