import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idsIn, includes, pageOf, v2Date, v2Error, v2Page, v3Error, v3Page } from '../fake-http';
import type { FakeState } from '../state';
import {
  fakePasswordMatches,
  hashFakePassword,
  type CustomersState,
  type FakeAddress,
  type FakeCustomer,
} from './customers-state';

/**
 * Customers, their addresses and credentials (reference/customers.v3.yml: `/customers`,
 * `/customers/addresses`, `/customers/validate-credentials`) and customer groups
 * (reference/customers.v2.yml: `/customer_groups`, `/customer_groups/{id}`), in github.com/bigcommerce/docs.
 */

/** BigCommerce's v3 timestamps: ISO 8601 to the second (`2021-10-20T14:44:29Z`). */
const v3Date = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const formFields = z.array(z.object({ name: z.string(), value: z.string() }));
const authentication = z.object({ new_password: z.string().min(1).optional() }).optional();

/** `customer_Post`: email, first_name and last_name are required. */
const customerPost = z.object({
  email: z.email(),
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  company: z.string().optional(),
  phone: z.string().optional(),
  notes: z.string().optional(),
  customer_group_id: z.number().int().nonnegative().optional(),
  accepts_product_review_abandoned_cart_emails: z.boolean().optional(),
  channel_ids: z.array(z.number().int().positive()).min(1).nullable().optional(),
  form_fields: formFields.optional(),
  authentication,
});

/** `customer_Put`: the id, and the fields that change. */
const customerPut = customerPost.partial().extend({ id: z.number().int().positive() });

const addressFields = {
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  company: z.string().optional(),
  address1: z.string().min(1),
  address2: z.string().optional(),
  city: z.string().min(1),
  state_or_province: z.string(),
  postal_code: z.string().min(1),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  phone: z.string().optional(),
  address_type: z.enum(['residential', 'commercial']).optional(),
};
/** `address_Post`: customer_id, names, address1, city, state_or_province, postal_code and country_code are required. */
const addressPost = z.object({ customer_id: z.number().int().positive(), ...addressFields });
const addressPut = z.object(addressFields).partial().extend({ id: z.number().int().positive() });

/** `ValidateCustomerCredentialsObject`. */
const credentials = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  channel_id: z.number().int().positive().optional(),
});

/** Up to 10 customers per create or update call (413 beyond). */
const MAX_BATCH = 10;

function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

function customerJson(customer: FakeCustomer, state: CustomersState, include: Set<string>) {
  const addresses = [...state.addresses.values()].filter((address) => address.customer_id === customer.id);
  return {
    id: customer.id,
    email: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
    company: customer.company,
    phone: customer.phone,
    notes: customer.notes,
    customer_group_id: customer.customer_group_id,
    accepts_product_review_abandoned_cart_emails: customer.accepts_product_review_abandoned_cart_emails,
    channel_ids: customer.channel_ids,
    registration_ip_address: '',
    tax_exempt_category: '',
    address_count: addresses.length,
    attribute_count: 0,
    date_created: v3Date(customer.date_created),
    date_modified: v3Date(customer.date_modified),
    ...(include.has('formfields') ? { form_fields: customer.form_fields } : {}),
    ...(include.has('addresses') ? { addresses: addresses.map(addressJson) } : {}),
  };
}

function addressJson(address: FakeAddress) {
  return { ...address, country: address.country_code };
}

/** BigCommerce keeps form field values by name: a new value replaces the field's old one. */
function mergeFormFields(current: FakeCustomer['form_fields'], given: FakeCustomer['form_fields'] | undefined) {
  if (!given) return current;
  const names = new Set(given.map((field) => field.name));
  return [...current.filter((field) => !names.has(field.name)), ...given];
}

function emailTakenBy(state: CustomersState, email: string, exceptId?: number): boolean {
  const wanted = email.toLowerCase();
  return [...state.customers.values()].some((customer) => customer.email === wanted && customer.id !== exceptId);
}

function batchOf<T>(request: FastifyRequest, reply: FastifyReply, schema: z.ZodType<T>, title: string): T[] | null {
  if (!Array.isArray(request.body) || request.body.length === 0) {
    v3Error(reply, 422, title, { body: 'must be a non-empty array' });
    return null;
  }
  if (request.body.length > MAX_BATCH) {
    v3Error(
      reply,
      413,
      `The request payload is too large. The maximum number of items allowed in the array is ${MAX_BATCH}.`,
    );
    return null;
  }
  const parsed = z.array(schema).safeParse(request.body);
  if (!parsed.success) {
    v3Error(reply, 422, title, fieldErrors(parsed.error));
    return null;
  }
  return parsed.data;
}

export function registerCustomersRoutes(app: FastifyInstance, fake: FakeState): void {
  const state = fake.customers;

  app.get('/v3/customers', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const page = pageOf(request, reply, 'v3');
    if (!page) return reply;
    const ids = idsIn(query['id:in']);
    if (ids === undefined) return v3Error(reply, 422, 'The filter is not valid.', { 'id:in': 'must be integers' });
    const emails = query['email:in']?.split(',').map((email) => email.trim().toLowerCase());
    const matching = [...state.customers.values()]
      .filter((customer) => (ids ? ids.includes(customer.id) : true))
      .filter((customer) => (emails ? emails.includes(customer.email) : true))
      .sort((a, b) => a.id - b.id)
      .map((customer) => customerJson(customer, state, includes(query.include)));
    return v3Page(request, matching, page);
  });

  app.post('/v3/customers', async (request, reply) => {
    const batch = batchOf(request, reply, customerPost, 'Create customers failed.');
    if (!batch) return reply;
    for (const [index, input] of batch.entries()) {
      const duplicate = batch.findIndex((other) => other.email.toLowerCase() === input.email.toLowerCase()) !== index;
      if (duplicate || emailTakenBy(state, input.email)) {
        // The reference's example answer for a customer that cannot be created.
        return v3Error(reply, 422, 'Create customers failed.', { '.customer_create': 'Error creating customers' });
      }
    }
    const now = new Date();
    const created = batch.map((input) => {
      const customer: FakeCustomer = {
        id: state.nextCustomerId++,
        email: input.email.toLowerCase(),
        first_name: input.first_name,
        last_name: input.last_name,
        company: input.company ?? '',
        phone: input.phone ?? '',
        notes: input.notes ?? '',
        customer_group_id: input.customer_group_id ?? 0,
        accepts_product_review_abandoned_cart_emails: input.accepts_product_review_abandoned_cart_emails ?? false,
        channel_ids: input.channel_ids ?? null,
        form_fields: input.form_fields ?? [],
        date_created: now,
        date_modified: now,
        // Without a password the account cannot sign in until one is set.
        passwordHash: input.authentication?.new_password ? hashFakePassword(input.authentication.new_password) : '',
      };
      state.customers.set(customer.id, customer);
      return customerJson(customer, state, new Set(['formfields']));
    });
    return { data: created, meta: {} };
  });

  app.put('/v3/customers', async (request, reply) => {
    const batch = batchOf(request, reply, customerPut, 'Update customers failed.');
    if (!batch) return reply;
    for (const input of batch) {
      if (!state.customers.has(input.id)) {
        return v3Error(reply, 422, 'Update customers failed.', { [`${input.id}`]: 'customer does not exist' });
      }
      if (input.email && emailTakenBy(state, input.email, input.id)) {
        return v3Error(reply, 422, 'Update customers failed.', { email: 'is already in use' });
      }
    }
    const now = new Date();
    const updated = batch.map(({ id, authentication: auth, form_fields: fields, email, ...changes }) => {
      const customer = state.customers.get(id)!;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      Object.assign(customer, defined, {
        email: email?.toLowerCase() ?? customer.email,
        form_fields: mergeFormFields(customer.form_fields, fields),
        passwordHash: auth?.new_password ? hashFakePassword(auth.new_password) : customer.passwordHash,
        date_modified: now,
      });
      return customerJson(customer, state, new Set(['formfields']));
    });
    return { data: updated, meta: {} };
  });

  app.delete('/v3/customers', async (request, reply) => {
    const ids = idsIn((request.query as Record<string, string | undefined>)['id:in']);
    if (ids === undefined)
      return v3Error(reply, 422, 'The id:in filter is not valid.', { 'id:in': 'must be integers' });
    // Without a query nothing is deleted (the reference: "a 204 is returned, with no changes").
    for (const id of ids ?? []) {
      state.customers.delete(id);
      for (const address of [...state.addresses.values()]) {
        if (address.customer_id === id) state.addresses.delete(address.id);
      }
    }
    return reply.status(204).send();
  });

  app.post('/v3/customers/validate-credentials', async (request, reply) => {
    const parsed = credentials.safeParse(request.body);
    if (!parsed.success) return v3Error(reply, 422, 'Missing required fields.', fieldErrors(parsed.error));
    const email = parsed.data.email.trim().toLowerCase();
    const customer = [...state.customers.values()].find((candidate) => candidate.email === email);
    const valid =
      customer !== undefined &&
      customer.passwordHash !== '' &&
      fakePasswordMatches(customer.passwordHash, parsed.data.password);
    return { is_valid: valid, customer_id: valid ? customer.id : null };
  });

  app.get('/v3/customers/addresses', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const page = pageOf(request, reply, 'v3');
    if (!page) return reply;
    const ids = idsIn(query['id:in']);
    const customerIds = idsIn(query['customer_id:in']);
    if (ids === undefined || customerIds === undefined) {
      return v3Error(reply, 422, 'The filter is not valid.', { 'id:in': 'must be integers' });
    }
    const matching = [...state.addresses.values()]
      .filter((address) => (ids ? ids.includes(address.id) : true))
      .filter((address) => (customerIds ? customerIds.includes(address.customer_id) : true))
      .sort((a, b) => a.id - b.id)
      .map(addressJson);
    return v3Page(request, matching, page);
  });

  app.post('/v3/customers/addresses', async (request, reply) => {
    const batch = batchOf(request, reply, addressPost, 'Create addresses failed.');
    if (!batch) return reply;
    if (batch.some((input) => !state.customers.has(input.customer_id))) {
      return v3Error(reply, 422, 'Create addresses failed.', { customer_id: 'customer does not exist' });
    }
    const created = batch.map((input) => {
      const address: FakeAddress = {
        company: '',
        address2: '',
        phone: '',
        address_type: 'residential',
        ...input,
        id: state.nextAddressId++,
      };
      state.addresses.set(address.id, address);
      return addressJson(address);
    });
    return { data: created, meta: {} };
  });

  app.put('/v3/customers/addresses', async (request, reply) => {
    const batch = batchOf(request, reply, addressPut, 'Update addresses failed.');
    if (!batch) return reply;
    if (batch.some((input) => !state.addresses.has(input.id))) {
      return v3Error(reply, 422, 'Update addresses failed.', { id: 'address does not exist' });
    }
    const updated = batch.map(({ id, ...changes }) => {
      const address = state.addresses.get(id)!;
      Object.assign(address, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
      return addressJson(address);
    });
    return { data: updated, meta: {} };
  });

  app.delete('/v3/customers/addresses', async (request, reply) => {
    const ids = idsIn((request.query as Record<string, string | undefined>)['id:in']);
    if (!ids) return v3Error(reply, 422, 'The id:in filter is required.', { 'id:in': 'is required' });
    for (const id of ids) state.addresses.delete(id);
    return reply.status(204).send();
  });

  const groupJson = (group: CustomersState['groups'] extends Map<number, infer G> ? G : never) => ({
    ...group,
    date_created: v2Date(group.date_created),
    date_modified: v2Date(group.date_modified),
  });

  app.get('/v2/customer_groups', async (request, reply) => {
    const page = pageOf(request, reply, 'v2');
    if (!page) return reply;
    const groups = [...state.groups.values()].sort((a, b) => a.id - b.id).map(groupJson);
    return v2Page(reply, groups, page);
  });

  app.get('/v2/customer_groups/:id', async (request, reply) => {
    const group = state.groups.get(Number((request.params as { id: string }).id));
    if (!group) return v2Error(reply, 404, 'The requested resource was not found.');
    return groupJson(group);
  });
}
