import type { StorefrontLoadContext } from '@piste/server/load-context';

declare module 'react-router' {
  // The server hands every loader and action this context (packages/server/src/storefront).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StorefrontLoadContext {}
}
