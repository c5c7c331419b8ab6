import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where `react-router build` writes the storefront. */
export const storefrontRoot = `${repositoryRoot}apps/storefront`;
export const storefrontServerBuild = `${storefrontRoot}/build/server/index.js`;
export const storefrontClientBuild = `${storefrontRoot}/build/client`;
/** Where `react-router build` writes the back office (a single-page app: client files only). */
export const adminClientBuild = `${repositoryRoot}apps/admin/build/client`;

export function resolveFromRoot(path: string): string {
  return path.startsWith('/') ? path : `${repositoryRoot}${path}`;
}
