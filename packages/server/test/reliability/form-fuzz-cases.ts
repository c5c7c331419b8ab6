import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ServerBuild } from 'react-router';
import { CARD_SHAPED, hostileJson, hostileString, POLLUTION_KEYS } from './fuzz-values';
import { pathSegment, percentEncode } from './request-encoding';

/** A page route with an action, e.g. `routes/account/addresses` at `/:lang/account/addresses`. */
export interface FormRoute {
  id: string;
  /** The path pattern, `:params` included. */
  path: string;
  /** Index routes take their posts at `?index` (React Router). */
  index: boolean;
}

/** Every route of the storefront build that has an action: a new form is fuzzed without being listed. */
export function formRoutesOf(build: ServerBuild): FormRoute[] {
  const pathOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    const parent = pathOf(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.entries(build.routes)
    .filter(([, route]) => route?.module.action)
    .map(([id, route]) => ({ id, path: pathOf(id) || '/', index: route?.index === true }));
}

/** What the fuzzed forms need to reach past their first checks: ids the caller owns. */
export interface FormFixture {
  productUid: string;
  variantId: number;
  /** The caller's cart line and address (each caller has its own). */
  itemId: (asCustomer: boolean) => string;
  addressId: number;
}

export interface FormRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  asCustomer: boolean;
  /** The one status the answer must have (a card number: 400), beyond the checks every case meets. */
  expectedStatus?: number;
}

type Fields = Record<string, string>;
type Pairs = [string, string][];

const US = {
  first_name: 'Tessa',
  last_name: 'Calloway',
  city: 'Salt Lake City',
  country: 'US',
  state: 'UT',
  zip: '84115',
};
const PASSWORD = 'a long enough passphrase';

/** A form each action accepts, or nearly, per intent; an unknown action gets a bare intent. */
export function formTemplates(route: FormRoute, fx: FormFixture, asCustomer: boolean): Fields[] {
  const address = {
    first_name: US.first_name,
    last_name: US.last_name,
    address1: '1450 South West Temple',
    city: US.city,
    state_or_province: US.state,
    postal_code: US.zip,
    country_code: US.country,
  };
  const shipping = Object.fromEntries(
    Object.entries({
      first_name: US.first_name,
      last_name: US.last_name,
      street_1: '1450 South West Temple',
      city: US.city,
      state: US.state,
      zip: US.zip,
      country_iso2: US.country,
    }).map(([field, value]) => [`shipping.${field}`, value]),
  );
  const byRoute: Record<string, Fields[]> = {
    'routes/account/account-home': [
      {
        intent: 'signin',
        email: 'nobody@example.com',
        password: 'not the password',
        redirect: '/en-us/account/orders',
      },
      { intent: 'forgot', email: 'nobody@example.com' },
      { intent: 'reset', token: 'ab'.repeat(32), new_password: PASSWORD },
    ],
    'routes/account/addresses': [
      { intent: 'add', ...address, is_default: 'on' },
      { intent: 'update', address_id: String(fx.addressId), ...address },
      { intent: 'default', address_id: String(fx.addressId) },
      { intent: 'delete', address_id: String(fx.addressId) },
    ],
    'routes/account/profile': [
      { intent: 'details', first_name: 'Fuzz', last_name: 'Owner', company: '', phone: '', accepts_marketing: 'on' },
      { intent: 'email', email: 'fuzz.new@example.com', current_password: 'not the password' },
      { intent: 'password', new_password: PASSWORD, current_password: 'not the password' },
      { intent: 'delete', current_password: 'not the password' },
    ],
    'routes/account/create': [
      {
        first_name: 'Fuzz',
        last_name: 'Tester',
        email: 'fuzz@example.com',
        password: PASSWORD,
        redirect: '/en-us/cart',
      },
    ],
    'routes/account/sign-out': [{}],
    'routes/cart': [
      { intent: 'update', itemId: fx.itemId(asCustomer), quantity: '2' },
      { intent: 'remove', itemId: fx.itemId(asCustomer) },
    ],
    'routes/checkout': [
      { intent: 'quote', ...shipping },
      {
        intent: 'pay',
        email: 'fuzz@example.com',
        ...shipping,
        billing_same: 'on',
        shipping_method_id: '1',
        idempotency_key: randomUUID(),
      },
      // The card went to the provider's element: the form names only the payment (docs/checkout.md).
      {
        intent: 'place',
        email: 'fuzz@example.com',
        ...shipping,
        billing_same: 'on',
        shipping_method_id: '1',
        payment_intent_id: 'pi_test_fuzz',
        idempotency_key: randomUUID(),
      },
    ],
    'routes/consent': [
      { decision: 'accept', returnTo: '/en-us/cart' },
      { decision: 'save', analytics: 'on', marketing: '' },
    ],
    'routes/country': [{ locale: 'de-de', path: '/p/summit-pro-binding' }],
    'routes/product': [{ variantId: String(fx.variantId), quantity: '1' }],
    'routes/pro/pro-create': [
      {
        first_name: 'Fuzz',
        last_name: 'Pro',
        email: 'fuzz.pro@example.com',
        password: PASSWORD,
        company: '',
        pro_code: 'PRO-US-DEMO',
      },
    ],
    'routes/pro/pro-signup': [{ pro_code: 'PRO-NOT-A-CODE' }],
    'routes/email-signup': [{ email: 'fuzz@example.com', consent: 'on', list: 'newsletter', returnTo: '/en-us' }],
  };
  return byRoute[route.id] ?? [{ intent: 'submit' }];
}

const paramValues: Record<string, (fx: FormFixture) => string[]> = {
  lang: () => ['en-us', 'de-de', 'fr-ca'],
  uid: (fx) => [fx.productUid],
};

/** The route's path with its parameters filled as the storefront links them (`/en-us/p/{uid}`). */
export function validFormPath(route: FormRoute, fx: FormFixture): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => paramValues[name]?.(fx)[0] ?? 'x');
  return route.index ? `${path}?index` : path;
}

/** A form's fields, urlencoded as a browser sends them. */
export const urlencoded = (fields: Fields | Pairs) =>
  (Array.isArray(fields) ? fields : Object.entries(fields))
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join('&');

function pathArbitrary(route: FormRoute, fx: FormFixture): fc.Arbitrary<string> {
  const parts = route.path.split(/(:[A-Za-z]+)/).filter((part) => part !== '');
  return fc
    .tuple(
      ...parts.map((part) => {
        if (!part.startsWith(':')) return fc.constant(part);
        const valid = paramValues[part.slice(1)]?.(fx) ?? ['x'];
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...valid) },
          {
            weight: 1,
            arbitrary: fc.tuple(hostileString(valid), fc.boolean()).map(([value, raw]) => pathSegment(value, raw)),
          },
        );
      }),
    )
    .map((segments) => segments.join(''));
}

const hostileKey = fc.oneof(
  fc.constantFrom(...POLLUTION_KEYS, 'constructor[prototype][polluted]', '__proto__[polluted]'),
  hostileString(),
);

/** A form template with fields replaced by hostile values, dropped, repeated, or joined by hostile keys. */
function mutatedFields(template: Fields): fc.Arbitrary<Pairs> {
  const keys = Object.keys(template);
  const change = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(
        fc.constant('set' as const),
        fc.constantFrom(...(keys.length ? keys : ['intent'])),
        hostileString(Object.values(template)),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant('drop' as const),
        fc.constantFrom(...(keys.length ? keys : ['intent'])),
        fc.constant(''),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('repeat' as const),
        fc.constantFrom(...(keys.length ? keys : ['intent'])),
        hostileString(),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant('add' as const),
        hostileKey,
        hostileJson.map((value) => (typeof value === 'string' ? value : JSON.stringify(value ?? null))),
      ),
    },
  );
  return fc.array(change, { minLength: 0, maxLength: 3 }).map((changes) => {
    let pairs: Pairs = Object.entries(template);
    for (const [kind, key, value] of changes) {
      if (kind === 'set') pairs = pairs.map(([name, old]) => [name, name === key ? value : old]);
      else if (kind === 'drop') pairs = pairs.filter(([name]) => name !== key);
      else pairs = [...pairs, [key, value]];
    }
    return pairs;
  });
}

function multipart(pairs: Pairs, boundary: string): string {
  const parts = pairs.map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

function bodyArbitrary(templateChoices: Fields[]): fc.Arbitrary<Body> {
  const fields = fc.constantFrom(...templateChoices).chain(mutatedFields);
  return fc.oneof(
    { weight: 8, arbitrary: fields.map((pairs) => ({ payload: urlencoded(pairs), contentType: FORM_TYPE })) },
    {
      weight: 2,
      arbitrary: fields.map((pairs) => ({
        payload: multipart(pairs, 'fuzzboundary'),
        contentType: 'multipart/form-data; boundary=fuzzboundary',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<Body>(
        {},
        { payload: '', contentType: FORM_TYPE },
        { payload: 'intent=signin&email=%E0%A4%A&password=%', contentType: FORM_TYPE },
        { payload: '%=%&&==&intent', contentType: FORM_TYPE },
        { payload: Buffer.from([0xff, 0xfe, 0x00, 0x3d, 0xc3, 0x28]), contentType: FORM_TYPE },
        { payload: multipart([['intent', 'add']], 'a'), contentType: 'multipart/form-data' },
        {
          payload: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
          contentType: 'multipart/form-data; boundary=b',
        },
        { payload: '{"intent":"signin","__proto__":{"polluted":1}}', contentType: 'application/json' },
        { payload: 'intent=signin', contentType: 'text/plain' },
        { payload: 'intent=signin' },
        { payload: `intent=add&first_name=${'A'.repeat(1_100_000)}`, contentType: FORM_TYPE },
      ),
    },
  );
}

/**
 * Forms whose action reads none of their fields, so a card number in their body is never read
 * either: signing out. A card in their address is still refused.
 */
const ACTIONS_READING_NO_FIELDS = new Set(['routes/account/sign-out']);

/**
 * A form the action would take, posted by the signed-in customer from the shop's own page, but
 * for a card number in one of its fields (readFormData refuses it) or in its address (the card
 * guard refuses it before the page renders): 400 either way.
 */
function cardShapedRequests(route: FormRoute, fx: FormFixture): fc.Arbitrary<FormRequest> {
  const template = formTemplates(route, fx, true)[0] ?? { intent: 'submit' };
  const inAddress = ACTIONS_READING_NO_FIELDS.has(route.id) ? fc.constant(true) : fc.boolean();
  return fc
    .record({ card: CARD_SHAPED, field: fc.constantFrom(...Object.keys(template), 'note'), inAddress })
    .map(({ card, field, inAddress }): FormRequest => {
      const path = validFormPath(route, fx);
      const fields = inAddress ? template : { ...template, [field]: String(card) };
      const query = `${percentEncode(field)}=${percentEncode(String(card))}`;
      return {
        url: inAddress ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path,
        headers: { 'content-type': FORM_TYPE, 'sec-fetch-site': 'same-origin' },
        payload: urlencoded(fields),
        asCustomer: true,
        expectedStatus: 400,
      };
    });
}

/** Posts to one form action: its path, fields and encoding, each valid or hostile, or holding a card number. */
export function formRequests(route: FormRoute, fx: FormFixture): fc.Arbitrary<FormRequest> {
  return fc.oneof(
    { weight: 9, arbitrary: hostileFormRequests(route, fx) },
    { weight: 1, arbitrary: cardShapedRequests(route, fx) },
  );
}

function hostileFormRequests(route: FormRoute, fx: FormFixture): fc.Arbitrary<FormRequest> {
  return fc
    .record({
      asCustomer: fc.boolean(),
      path: pathArbitrary(route, fx),
      // React Router's data requests (`.data`, `/_.data` for a path ending in `/`) take the same
      // actions as document posts.
      dataRequest: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      fetchSite: fc.constantFrom(undefined, 'same-origin', 'none', 'cross-site'),
    })
    .chain(({ asCustomer, path, dataRequest, fetchSite }) =>
      bodyArbitrary(formTemplates(route, fx, asCustomer)).map((body): FormRequest => {
        const headers: Record<string, string> = {};
        if (body.contentType) headers['content-type'] = body.contentType;
        if (fetchSite) headers['sec-fetch-site'] = fetchSite;
        const target = dataRequest ? `${path.endsWith('/') ? `${path}_` : path}.data` : path;
        return {
          url: route.index ? `${target}?index` : target,
          headers,
          ...(body.payload === undefined ? {} : { payload: body.payload }),
          asCustomer,
        };
      }),
    );
}
