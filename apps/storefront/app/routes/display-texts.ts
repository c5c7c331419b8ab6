import type { Route } from './+types/display-texts';
import { displayTextsModule } from '../lib/display-text.server';

/**
 * A locale's display-text dictionary as a JavaScript module (docs/decisions/029-e-hydration-data.md).
 * Its name carries a hash of its content, so browsers and CDNs keep it for good; a name this
 * server does not serve (a made-up locale, a version from before a content change) is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const module = await displayTextsModule(context, params.file);
  if (module === null) throw new Response('No such display texts', { status: 404 });
  return new Response(module, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
