// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import { createOrderService } from '@piste/commerce/server';
import { isDomainError } from '@piste/core';
import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../database';

/**
 * `npm run order:ship -- --order 100001 --carrier UPS --tracking 1Z999AA10123456784`: records a
 * shipment of every line of an order and marks it shipped, as a warehouse would. The guest's
 * order-status page then shows the carrier and tracking number.
 */
async function main() {
  const { values } = parseArgs({
    options: { order: { type: 'string' }, carrier: { type: 'string' }, tracking: { type: 'string' } },
  });
  const orderId = Number(values.order);
  const problems = [
    ...(Number.isInteger(orderId) && orderId > 0 ? [] : ['--order: give the order number, e.g. --order 100001']),
    ...(values.carrier?.trim() ? [] : ['--carrier: name the carrier, e.g. --carrier UPS']),
    ...(values.tracking?.trim() ? [] : ['--tracking: give the tracking number']),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const config = loadConfig();
  // BigCommerce keeps its orders: they ship in its control panel or through its shipments API.
  if (config.COMMERCE_PROVIDER !== 'embedded') {
    throw new ConfigError(['COMMERCE_PROVIDER: orders are shipped in BigCommerce, not with this command']);
  }
  const database = await prepareDatabase(config, () => undefined);
  try {
    const orders = createOrderService(database.db, { publicUrl: config.PUBLIC_URL });
    const shipment = await orders.shipAll(orderId, {
      carrier: values.carrier!.trim(),
      trackingNumber: values.tracking!.trim(),
    });
    console.log(`Order ${orderId} shipped with ${shipment.shipping_provider}, tracking ${shipment.tracking_number}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || isDomainError(error) ? (error as Error).message : error);
  process.exit(1);
});
