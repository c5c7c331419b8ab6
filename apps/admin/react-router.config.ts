import type { Config } from '@react-router/dev/config';

/**
 * The back office is a single-page app (docs/decisions/022-g-admin-app.md): no server
 * rendering, one `index.html` that the server answers for every `/admin/*` page. Its bundle is
 * built apart from the storefront's, so none of its JavaScript ever reaches a shopper.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  basename: '/admin/',
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
