import { writeFile } from 'node:fs/promises';
import { API_TYPES_FILE, buildApiDocument, renderApiTypes } from './api-types';

/**
 * `npm run api:types`: regenerates the storefront's types of `/api` from the OpenAPI document the
 * routes' schemas make (docs/api.md). Run it after changing a route's schema; a test fails until
 * then. A development command: it lives outside src/cli/, so it is never compiled into dist/cli.
 */
buildApiDocument()
  .then(renderApiTypes)
  .then((types) => writeFile(API_TYPES_FILE, types))
  .then(
    () => console.log(`Wrote ${API_TYPES_FILE}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
