// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import {
  BigCommerceSettingsError,
  createBigCommerceClient,
  readBigCommerceSettings,
  registerWebhooks,
} from '@piste/bigcommerce';

/**
 * `npm run bigcommerce:webhooks [-- --destination https://shop.example/api/webhooks/bigcommerce]`:
 * subscribes the shop to BigCommerce's product, SKU, cart and order webhooks (`POST /v3/hooks`),
 * each carrying BIGCOMMERCE_WEBHOOK_SECRET in its custom header. Safe to run again: hooks already
 * there are kept, or re-activated with the current secret. The destination defaults to
 * PUBLIC_URL's webhook endpoint and must be https on port 443 (BigCommerce's rule).
 * See docs/providers/bigcommerce.md 'Freshness: webhooks'.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { destination: { type: 'string' } } });
  const settings = readBigCommerceSettings(process.env);
  const publicUrl = process.env.PUBLIC_URL?.replace(/\/+$/, '');
  const destination = values.destination ?? (publicUrl ? `${publicUrl}/api/webhooks/bigcommerce` : undefined);
  if (!destination) {
    console.error('Set PUBLIC_URL or pass --destination with the URL BigCommerce should deliver to.');
    return 1;
  }
  const client = createBigCommerceClient({
    ...settings,
    logger: { warn: (message, details) => console.warn(message, details) },
  });
  const result = await registerWebhooks(client, { destination, secret: settings.webhookSecret });
  console.log(`Webhooks for ${destination}:`);
  for (const [outcome, scopes] of Object.entries(result)) {
    for (const scope of scopes as string[]) console.log(`  ${outcome.padEnd(9)} ${scope}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BigCommerceSettingsError ? error.message : error);
    process.exit(1);
  },
);
