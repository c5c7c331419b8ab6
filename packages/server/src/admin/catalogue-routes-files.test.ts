import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSchema } from '@piste/admin/server';
import { commerceSchema } from '@piste/commerce/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { describeImport, exportCatalogueFile, importCatalogueFile } from '../cli/catalogue-commands';

type Row = Record<string, string>;

describe.each(testDatabaseKinds())('catalogue import and export on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let merchandiser: Awaited<ReturnType<typeof signedInStaff>>;
  let folder: string;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    folder = await mkdtemp(join(tmpdir(), 'piste-catalogue-'));
  }, 180_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
    await shop?.close();
  });

  async function exportedRows(): Promise<Row[]> {
    const response = await merchandiser.call('GET', '/admin/api/catalogue/export?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    return parse(response.body, { columns: true }) as Row[];
  }

  const importCsv = (csv: string, dryRun: boolean) =>
    merchandiser.call('POST', `/admin/api/catalogue/import${dryRun ? '?dryRun=1' : ''}`, {
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });

  async function variantPrice(sku: string, regionId: string) {
    const [row] = await shop.database.db
      .select({ price: commerceSchema.variantPrices, level: commerceSchema.variants.inventoryLevel })
      .from(commerceSchema.variantPrices)
      .innerJoin(commerceSchema.variants, eq(commerceSchema.variants.id, commerceSchema.variantPrices.variantId))
      .where(and(eq(commerceSchema.variants.sku, sku), eq(commerceSchema.variantPrices.regionId, regionId)));
    return row && { ...row.price, level: row.level };
  }

  it('exports every variant, and importing the export changes nothing (CSV through the API, JSON through the command)', async () => {
    const rows = await exportedRows();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.find((row) => row.variant_sku?.startsWith('PST-GGL-HORIZON-'))).toMatchObject({
      product_sku: 'PST-GGL-HORIZON',
      categories: 'goggles|goggles/spherical',
      price_us: '229.95',
      sale_price_us: '',
      is_visible: 'true',
    });

    const csv = (await merchandiser.call('GET', '/admin/api/catalogue/export?format=csv')).body;
    const again = await importCsv(csv, false);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: [], updated: [], rejected: [], unchanged: rows.length });

    const file = join(folder, 'catalogue.json');
    await exportCatalogueFile(shop.database.db, file, 'json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveLength(rows.length);
    const report = await importCatalogueFile(shop.database.db, file, { dryRun: false });
    expect(report).toMatchObject({ created: [], updated: [], rejected: [], unchanged: rows.length });
  }, 120_000);

  it('reports in a dry run what an import would change, and writes nothing', async () => {
    const before = await variantPrice('PST-GGL-HORIZON-01-ONESIZE', 'us');
    const csv = stringify(
      [
        { product_sku: 'PST-GGL-HORIZON', variant_sku: 'PST-GGL-HORIZON-01-ONESIZE', price_us: '199.00', stock: '9' },
        {
          product_sku: 'NEW-BEANIE',
          product_name: 'Dry Run Beanie',
          variant_sku: 'NEW-BEANIE-1',
          options: 'Size=One Size',
          price_us: '25',
          price_ca: '33',
          price_eu_region_1: '24',
          stock: '',
        },
      ],
      {
        header: true,
        columns: [
          'product_sku',
          'product_name',
          'variant_sku',
          'options',
          'price_us',
          'price_ca',
          'price_eu_region_1',
          'stock',
        ],
      },
    );
    const response = await importCsv(csv, true);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.dryRun).toBe(true);
    expect(report.created).toEqual([
      { line: 3, productSku: 'NEW-BEANIE', variantSku: 'NEW-BEANIE-1', newProduct: true },
    ]);
    expect(report.updated).toEqual([
      {
        line: 2,
        sku: 'PST-GGL-HORIZON-01-ONESIZE',
        changes: [
          {
            field: 'prices_us',
            before: expect.objectContaining({ price: before!.price }),
            after: expect.objectContaining({ price: 19900 }),
          },
          { field: 'stock', before: before!.level, after: 9 },
        ],
      },
    ]);
    expect(describeImport(report)).toMatch(/Dry run, nothing written: would create 1, update 1/);

    expect(await variantPrice('PST-GGL-HORIZON-01-ONESIZE', 'us')).toEqual(before);
    const [created] = await shop.database.db
      .select()
      .from(commerceSchema.products)
      .where(eq(commerceSchema.products.sku, 'NEW-BEANIE'));
    expect(created).toBeUndefined();
    const history = await shop.database.db
      .select()
      .from(adminSchema.stockAdjustments)
      .where(eq(adminSchema.stockAdjustments.reason, 'import'));
    expect(history).toEqual([]);
  });

  it('merges by SKU: updates only the columns the file has, adds variants and products, changes stock when told', async () => {
    const untouched = await variantPrice('PST-GGL-HORIZON-02-ONESIZE', 'us');
    const csv = stringify(
      [
        {
          product_sku: 'PST-GGL-HORIZON',
          variant_sku: 'PST-GGL-HORIZON-01-ONESIZE',
          sale_price_us: '179.95',
          stock: '4',
        },
        {
          product_sku: 'PST-GGL-HORIZON',
          variant_sku: 'PST-GGL-HORIZON-09-ONESIZE',
          options: 'Colour=Ice|Size=One Size',
          price_us: '229.95',
          price_ca: '309.95',
          price_eu_region_1: '219.99',
          stock: '6',
        },
        {
          product_sku: 'IMP-CAP',
          product_name: 'Imported Cap',
          categories: 'accessories',
          variant_sku: 'IMP-CAP-S',
          options: 'Size=S',
          price_us: '30',
          price_ca: '40',
          price_eu_region_1: '28',
          stock: '12',
        },
        {
          product_sku: 'IMP-CAP',
          product_name: 'Imported Cap',
          categories: 'accessories',
          variant_sku: 'IMP-CAP-L',
          options: 'Size=L',
          price_us: '30',
          price_ca: '40',
          price_eu_region_1: '28',
          stock: '',
        },
      ],
      {
        header: true,
        columns: [
          'product_sku',
          'product_name',
          'categories',
          'variant_sku',
          'options',
          'price_us',
          'sale_price_us',
          'price_ca',
          'price_eu_region_1',
          'stock',
        ],
      },
    );
    const response = await importCsv(csv, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created.map((entry: { variantSku: string }) => entry.variantSku)).toEqual([
      'PST-GGL-HORIZON-09-ONESIZE',
      'IMP-CAP-S',
      'IMP-CAP-L',
    ]);

    expect(await variantPrice('PST-GGL-HORIZON-01-ONESIZE', 'us')).toMatchObject({ salePrice: 17995, level: 4 });
    expect(await variantPrice('PST-GGL-HORIZON-02-ONESIZE', 'us')).toEqual(untouched);
    expect(await variantPrice('PST-GGL-HORIZON-09-ONESIZE', 'us')).toMatchObject({ price: 22995, level: 6 });
    const [cap] = await shop.database.db
      .select()
      .from(commerceSchema.products)
      .where(eq(commerceSchema.products.sku, 'IMP-CAP'));
    expect(cap).toMatchObject({
      name: 'Imported Cap',
      uid: 'imported-cap',
      isVisible: false,
      inventoryTracking: 'variant',
    });
    expect(await variantPrice('IMP-CAP-S', 'us')).toMatchObject({ price: 3000, level: 12 });

    const imports = await shop.database.db
      .select()
      .from(adminSchema.stockAdjustments)
      .where(eq(adminSchema.stockAdjustments.reason, 'import'));
    expect(imports.length).toBe(3);
    const [audit] = await shop.database.db
      .select()
      .from(adminSchema.auditLog)
      .where(eq(adminSchema.auditLog.action, 'catalogue.import'));
    expect(audit).toMatchObject({ actor: merchandiser.email });
  });

  it('refuses a file with bad rows, naming each line and its reason, and writes nothing', async () => {
    const before = await variantPrice('PST-GGL-HORIZON-03-ONESIZE', 'us');
    const csv = [
      'product_sku,variant_sku,price_us,sale_price_us,stock',
      'PST-GGL-HORIZON,PST-GGL-HORIZON-03-ONESIZE,150.00,,',
      'PST-GGL-HORIZON,PST-GGL-HORIZON-02-ONESIZE,abc,,',
      'PST-GGL-HORIZON,PST-GGL-HORIZON-01-ONESIZE,100.00,120.00,',
      ',NO-PRODUCT,1.00,,',
      'PST-GGL-HORIZON,PST-GGL-HORIZON-01-ONESIZE,1.00,,-3,extra',
    ].join('\n');
    const response = await importCsv(csv, false);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'line.3': 'price_us must be an amount in USD like 229.95, not "abc".',
      'line.4': 'sale_price_us must be below price_us.',
      'line.5': 'product_sku is required.',
      'line.6': 'This row has 6 cells; the header has 5.',
    });
    expect(await variantPrice('PST-GGL-HORIZON-03-ONESIZE', 'us')).toEqual(before);

    const unknownColumn = await importCsv('product_sku,variant_sku,colour\nA,B,red\n', true);
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().error.fields.file).toMatch(/Unknown column\(s\): colour/);
    const asJson = await merchandiser.call('POST', '/admin/api/catalogue/import?dryRun=1', { payload: { csv } });
    expect(asJson.statusCode).toBe(200);
    expect(asJson.json().rejected.map((entry: { line: number }) => entry.line)).toEqual([3, 4, 5, 6]);
    const notJson = await merchandiser.call('POST', '/admin/api/catalogue/import', { payload: { rows: 'nope' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.fields).toHaveProperty('file');
  });
});
