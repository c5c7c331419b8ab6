import type { FastifyPluginAsync } from 'fastify';
import type { ServerBuild } from 'react-router';

/**
 * Spec §7 'Build and routing': "GET builds/latest.json is checked hourly for a new build id".
 * The id is React Router's manifest version, a hash of the client build that the pages'
 * scripts also carry, so a page can tell that the server now serves another build. Never
 * cached: a CDN holding the old answer would hide a deploy. (`.json` paths skip locale routing.)
 */
export function latestBuildRoute(build: ServerBuild | (() => Promise<ServerBuild>)): FastifyPluginAsync {
  return async (app) => {
    app.get('/builds/latest.json', async (_request, reply) => {
      // The development server hands a loader: its build changes as files are edited.
      const current = typeof build === 'function' ? await build() : build;
      reply.header('cache-control', 'no-store');
      return { id: current.assets.version };
    });
  };
}
