import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAudit } from '@piste/admin/server';
import { listenToChannel, parseSearchChange, SEARCH_CHANGES_CHANNEL, type SearchChange } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { DEMO, TestBrowser, US_ADDRESS } from '../../test/support/test-browser';

interface Variant {
  id: number;
  product_id: number;
  price: number;
  inventory_level: number;
}

interface Quote {
  shippingOptions: { id: number; type: string; costMinor: number }[];
  tax: { taxMinor: number; rate: number };
  totals: { subtotalMinor: number; shippingMinor: number };
}

/** The demo's US flat-rate method ('Standard', 8.95) in the 'United States' zone (1). */
const US_STANDARD = 102;
const US_ZONE = 1;

describe.each(testDatabaseKinds())('back-office settings on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let owner: Awaited<ReturnType<typeof signedInStaff>>;
  /** A variant priced so that a few of them ship free in the US (100.00 and over). */
  let variant: Variant;

  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    owner = await signedInStaff(shop.app, shop.database, 'owner');
    const response = await shop.app.inject({ url: '/api/products?limit=250&include=variants' });
    const variants = (response.json().data as { variants: Variant[] }[]).flatMap((product) => product.variants);
    variant = variants.find((candidate) => candidate.price >= 40 && candidate.inventory_level >= 10)!;
  });
  afterAll(() => shop.close());

  /** The shop's checkout quote for a cart of `quantity` of the variant, shipped to Utah. */
  async function quote(shopper: TestBrowser = new TestBrowser(shop.app), quantity = 1): Promise<Quote> {
    const created = await shopper.post('/api/cart/create', {
      line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await shopper.post(`/api/cart/${created.json().data.id}/checkout/quote`, {
      country_iso2: US_ADDRESS.country_iso2,
      state: US_ADDRESS.state,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const methodOf = async (id: number) => {
    const zones = (await owner.get('/admin/api/settings/shipping-zones?regionId=us')).json().zones;
    return zones
      .flatMap((zone: { methods: { id: number }[] }) => zone.methods)
      .find((method: { id: number }) => method.id === id);
  };

  it('changes a flat rate, and the shop’s next quote charges the new amount', async () => {
    const before = await quote();
    expect(before.shippingOptions.find((option) => option.id === US_STANDARD)?.costMinor).toBe(895);

    const method = await methodOf(US_STANDARD);
    const saved = await owner.put(`/admin/api/settings/shipping-methods/${US_STANDARD}`, {
      name: method.name,
      type: 'flatrate',
      rateMinor: 1195,
      handlingFeeMinor: 0,
      version: method.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ rateMinor: 1195 });
    expect(saved.json().version).not.toBe(method.version);

    const after = await quote();
    expect(after.shippingOptions.find((option) => option.id === US_STANDARD)?.costMinor).toBe(1195);

    const [entry] = await listAudit(shop.database.db, {
      entityType: 'shipping_method',
      entityId: String(US_STANDARD),
      limit: 1,
    });
    expect(entry).toMatchObject({ action: 'shipping-method.update', actor: owner.email });
    expect(entry!.before).toMatchObject({ rateMinor: 895 });
    expect(entry!.after).toMatchObject({ rateMinor: 1195 });
  });

  it('refuses a stale edit with 409 and the other’s change, and writes nothing', async () => {
    const loaded = await methodOf(US_STANDARD);
    const edit = (rateMinor: number) => ({ name: loaded.name, type: 'flatrate', rateMinor, version: loaded.version });
    expect((await owner.put(`/admin/api/settings/shipping-methods/${US_STANDARD}`, edit(999))).statusCode).toBe(200);

    const colleague = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const stale = await colleague.put(`/admin/api/settings/shipping-methods/${US_STANDARD}`, edit(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'VERSION_CONFLICT', current: { rateMinor: 999 } });
    expect((await methodOf(US_STANDARD)).rateMinor).toBe(999);
  });

  it('changes a state’s tax rate, and the shop’s next quote taxes at it', async () => {
    const before = await quote();
    const { rates } = (await owner.get('/admin/api/settings/tax-rates')).json();
    const utah = rates.find((rate: { key: string }) => rate.key === 'US-UT');
    expect(before.tax.rate).toBe(utah.ratePercent);

    const saved = await owner.put('/admin/api/settings/tax-rates/US-UT', {
      name: utah.name,
      ratePercent: 12.5,
      version: utah.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await quote();
    const taxed = after.totals.subtotalMinor + after.totals.shippingMinor;
    expect(after.tax).toMatchObject({ rate: 12.5, taxMinor: Math.round(taxed * 0.125) });
  });

  it('hides free shipping from a customer group: its shoppers no longer get it', async () => {
    const shopper = new TestBrowser(shop.app);
    const customer = await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const groupId = (customer.customer_group_id as number | undefined) ?? 2;
    const quantity = Math.ceil(100 / variant.price);
    const freeOffered = (q: Quote) => q.shippingOptions.some((option) => option.type === 'freeshipping');
    expect(freeOffered(await quote(shopper, quantity))).toBe(true);

    const [us] = (await owner.get('/admin/api/settings/free-shipping'))
      .json()
      .regions.filter((region: { regionId: string }) => region.regionId === 'us');
    const saved = await owner.put('/admin/api/settings/free-shipping/us', {
      isEnabled: true,
      hideFreeShippingGroups: [...us.hideFreeShippingGroups, groupId],
      version: us.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hideFreeShippingGroups).toContain(groupId);

    expect(freeOffered(await quote(shopper, quantity))).toBe(false);
    const published = await shop.app.inject({ url: '/api/pro/shipping_method_settings?bcRegion=us' });
    expect(published.json().hide_free_shipping_groups).toContain(groupId);
  });

  it('tells every instance to drop its cached pages when a setting changes', async () => {
    const heard: SearchChange[] = [];
    const listener = await listenToChannel(shop.database, SEARCH_CHANGES_CHANNEL, {
      onPayload: (payload) => heard.push(parseSearchChange(payload)!),
      onResumed: () => {},
      onConnectionError: () => {},
    });
    try {
      const { rates } = (await owner.get('/admin/api/settings/tax-rates')).json();
      const germany = rates.find((rate: { key: string }) => rate.key === 'DE');
      const saved = await owner.put('/admin/api/settings/tax-rates/DE', { ...germany, ratePercent: 19 });
      expect(saved.statusCode, saved.body).toBe(200);
      await vi.waitFor(() => expect(heard).toContainEqual({ rebuild: true }), { timeout: 2_000 });
    } finally {
      await listener.close();
    }
  });

  it('refuses bad input with a message at each field, and changes nothing', async () => {
    const zones = (await owner.get('/admin/api/settings/shipping-zones?regionId=us')).json().zones;
    const badMethod = await owner.post(`/admin/api/settings/shipping-zones/${US_ZONE}/methods`, {
      name: '',
      type: 'total',
      ranges: [
        { lowerMinor: 0, upperMinor: 5000, costMinor: 500 },
        { lowerMinor: 4000, upperMinor: null, costMinor: -1 },
      ],
    });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().error.fields).toMatchObject({
      name: expect.any(String),
      'ranges.1.lowerMinor': expect.stringContaining('previous range'),
      'ranges.1.costMinor': expect.any(String),
    });

    const badRate = await owner.post('/admin/api/settings/tax-rates', {
      countryIso2: 'ZZ',
      name: 'VAT',
      ratePercent: 19.12345,
    });
    expect(badRate.statusCode).toBe(400);
    expect(Object.keys(badRate.json().error.fields)).toEqual(['ratePercent']);
    const unknownCountry = await owner.post('/admin/api/settings/tax-rates', {
      countryIso2: 'ZZ',
      name: 'VAT',
      ratePercent: 19,
    });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().error.fields.countryIso2).toContain('ZZ');

    const badZone = await owner.post('/admin/api/settings/shipping-zones', {
      regionId: 'us',
      name: 'Mountain states',
      type: 'state',
      locations: [{ countryIso2: 'US', stateIso2: 'XX' }, { countryIso2: 'US' }],
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.fields).toHaveProperty(['locations.1.stateIso2']);
    const unknownState = await owner.post('/admin/api/settings/shipping-zones', {
      regionId: 'us',
      name: 'Mountain states',
      type: 'state',
      locations: [{ countryIso2: 'US', stateIso2: 'XX' }],
    });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json().error.fields['locations.0.stateIso2']).toContain('XX');

    const store = (await owner.get('/admin/api/settings/store')).json();
    const badStore = await owner.put('/admin/api/settings/store', {
      ...store,
      adminEmail: 'not an address',
      timezone: 'Mars/Olympus',
    });
    expect(badStore.statusCode).toBe(400);
    expect(Object.keys(badStore.json().error.fields).sort()).toEqual(['adminEmail', 'timezone']);

    const freeShipping = (await owner.get('/admin/api/settings/free-shipping')).json();
    const ca = freeShipping.regions.find((region: { regionId: string }) => region.regionId === 'ca');
    const unknownGroup = await owner.put('/admin/api/settings/free-shipping/ca', {
      isEnabled: true,
      hideFreeShippingGroups: [3, 999],
      version: ca.version,
    });
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json().error.fields.hideFreeShippingGroups).toContain('999');

    expect((await owner.get('/admin/api/settings/shipping-zones?regionId=us')).json().zones).toEqual(zones);
    expect((await owner.get('/admin/api/settings/store')).json()).toEqual(store);
    expect((await owner.get('/admin/api/settings/free-shipping')).json()).toEqual(freeShipping);
  });

  it('creates a zone with a method, edits and deletes it, each change in the audit log', async () => {
    const created = await owner.post('/admin/api/settings/shipping-zones', {
      regionId: 'us',
      name: 'Mountain states',
      type: 'state',
      locations: [
        { countryIso2: 'us', stateIso2: 'co' },
        { countryIso2: 'US', stateIso2: 'WY' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json();
    expect(zone).toMatchObject({
      currencyCode: 'USD',
      locations: [{ stateIso2: 'CO' }, { stateIso2: 'WY' }],
      methods: [],
    });

    const method = await owner.post(`/admin/api/settings/shipping-zones/${zone.id}/methods`, {
      name: 'Mountain freight',
      type: 'flatrate',
      rateMinor: 1500,
    });
    expect(method.statusCode, method.body).toBe(201);
    const shopZones = await shop.app.inject({ url: `/api/shippingmethods/${zone.id}` });
    expect(shopZones.json().data).toEqual([expect.objectContaining({ name: 'Mountain freight' })]);

    const renamed = await owner.put(`/admin/api/settings/shipping-zones/${zone.id}`, {
      name: 'Rocky Mountains',
      type: 'state',
      enabled: false,
      locations: [{ countryIso2: 'US', stateIso2: 'CO' }],
      version: zone.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Rocky Mountains', enabled: false, locations: [{ stateIso2: 'CO' }] });

    const stale = await owner.delete(
      `/admin/api/settings/shipping-zones/${zone.id}?version=${encodeURIComponent(zone.version)}`,
    );
    expect(stale.statusCode).toBe(409);
    const removed = await owner.delete(
      `/admin/api/settings/shipping-zones/${zone.id}?version=${encodeURIComponent(renamed.json().version)}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await shop.app.inject({ url: `/api/shippingzones/${zone.id}` })).statusCode).toBe(404);

    const actions = (
      await listAudit(shop.database.db, { entityType: 'shipping_zone', entityId: String(zone.id), limit: 10 })
    ).map((entry) => entry.action);
    expect(actions).toEqual(['shipping-zone.delete', 'shipping-zone.update', 'shipping-zone.create']);
  });

  it('deletes and adds a state’s rate, and keeps a country taxed either as a whole or by state', async () => {
    const { rates } = (await owner.get('/admin/api/settings/tax-rates')).json();
    const wyoming = rates.find((rate: { key: string }) => rate.key === 'US-WY');
    const removed = await owner.delete(
      `/admin/api/settings/tax-rates/US-WY?version=${encodeURIComponent(wyoming.version)}`,
    );
    expect(removed.statusCode).toBe(204);
    const added = await owner.post('/admin/api/settings/tax-rates', {
      countryIso2: 'US',
      stateIso2: 'WY',
      name: 'Sales tax',
      ratePercent: 4,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ key: 'US-WY', ratePercent: 4 });

    const whole = await owner.post('/admin/api/settings/tax-rates', {
      countryIso2: 'US',
      name: 'Sales tax',
      ratePercent: 5,
    });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error.fields.stateIso2).toContain('by state');
    const twice = await owner.post('/admin/api/settings/tax-rates', {
      countryIso2: 'DE',
      name: 'VAT',
      ratePercent: 19,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.countryIso2).toContain('already has a rate');
  });

  it('saves the store settings with their version', async () => {
    const store = (await owner.get('/admin/api/settings/store')).json();
    const saved = await owner.put('/admin/api/settings/store', {
      ...store,
      name: 'Piste Outfitters',
      timezone: 'Europe/Vienna',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Piste Outfitters', timezone: 'Europe/Vienna' });
    const again = await owner.put('/admin/api/settings/store', { ...store, name: 'Someone else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.current.name).toBe('Piste Outfitters');
  });

  it('describes every settings route in the OpenAPI document', async () => {
    const response = await shop.app.inject({ url: '/admin/api/openapi.json' });
    expect(response.statusCode, response.body).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths['/settings/shipping-methods/{id}'])).toEqual(['put', 'delete']);
    expect(paths['/settings/tax-rates']).toHaveProperty('post');
  });

  it('lets support read nothing and merchandisers change settings', async () => {
    const support = await signedInStaff(shop.app, shop.database, 'support');
    expect((await support.get('/admin/api/settings/tax-rates')).statusCode).toBe(403);
    const merchandiser = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const overview = await merchandiser.get('/admin/api/settings');
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      commerceSettings: true,
      regions: expect.arrayContaining([{ id: 'eu_region_1', currencyCode: 'EUR', decimalPlaces: 2 }]),
      groups: expect.arrayContaining([{ id: 3, name: 'Pro' }]),
    });
  });
});
