// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { runContentTypesCommand } from '../content-types-create';

/**
 * `npm run content:create-types [-- --update]`: creates our content types in the Contentstack
 * stack of CONTENT_API_KEY (CONTENT_MANAGEMENT_TOKEN, CONTENT_REGION, optional CONTENT_BRANCH and
 * CONTENT_JSON_EXTENSION_UID) through the Management API; `--update` replaces the types the stack
 * already holds instead of leaving them. See docs/providers/contentstack.md.
 */
runContentTypesCommand({ argv: process.argv.slice(2), env: process.env, print: (line) => console.log(line) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
