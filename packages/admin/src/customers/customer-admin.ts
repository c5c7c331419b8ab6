import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  commerceSchema,
  PRO_CODE_FIELD,
  proCodeFieldValue,
  proHomeBrand,
  proRegionFromCustomerData,
  type CustomerService,
} from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type {
  CustomerDetail,
  CustomerGroupOption,
  CustomerListQuery,
  CustomerSummary,
  ProState,
  customerUpdateBody,
} from './customer-schemas';
import type { z } from 'zod';

const { customerAddresses, customerGroups, customers, orders, proCodes } = commerceSchema;

type CustomerRow = typeof customers.$inferSelect;
export type CustomerChanges = z.output<typeof customerUpdateBody>;

export const customerNotFound = (id: number) =>
  new DomainError('NOT_FOUND', `Customer ${id} does not exist.`, 'NOT_FOUND');

/** How many of a customer's orders the detail lists, newest first. */
const DETAIL_ORDERS = 100;

/** The default group's id: what prices a customer without a group of their own. */
const defaultGroupId = sql`(select ${customerGroups.id} from ${customerGroups} where ${customerGroups.isDefault} order by ${customerGroups.id} limit 1)`;

/** The group that prices a customer (customer-records.ts): their own, unless a pro code's group has lapsed; else the default. */
const pricingGroupId = sql<number | null>`case
  when ${customers.proCode} is not null and ${customers.proExpiresAt} <= now() then ${defaultGroupId}
  else coalesce(${customers.customerGroupId}, ${defaultGroupId}) end`;

const proStateSql = sql<ProState>`case
  when ${customers.proCode} is null then 'none'
  when ${customers.proExpiresAt} <= now() then 'expired'
  else 'active' end`;

function proStateOf(row: Pick<CustomerRow, 'proCode' | 'proExpiresAt'>, now: Date): ProState {
  if (row.proCode === null) return 'none';
  return row.proExpiresAt !== null && row.proExpiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** `%`, `_` and `\` typed in a search are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Each sort key's columns, the id last so a page boundary never splits equal values at random. */
const SORT_COLUMNS: Record<CustomerListQuery['sort'], (SQLWrapper & AnyColumn)[]> = {
  created: [customers.createdAt, customers.id],
  email: [customers.email],
  name: [customers.lastName, customers.firstName, customers.id],
};

const groupOption = (group: typeof customerGroups.$inferSelect) => ({
  id: group.id,
  name: group.name,
  isDefault: group.isDefault,
  isEmployeeGroup: group.isEmployeeGroup,
});

/** Customers matching a search (email, name, company) and filters, one page at a time, with the total. */
export async function listCustomers(
  db: Db,
  query: CustomerListQuery,
): Promise<{ customers: CustomerSummary[]; total: number; groups: CustomerGroupOption[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(customers.email, pattern),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(customers.company, pattern),
      ),
    );
  }
  if (query.group !== undefined) conditions.push(sql`${pricingGroupId} = ${query.group}`);
  if (query.pro === 'none') conditions.push(isNull(customers.proCode));
  if (query.pro === 'expired')
    conditions.push(and(isNotNull(customers.proCode), lte(customers.proExpiresAt, sql`now()`)));
  if (query.pro === 'active') {
    conditions.push(
      and(isNotNull(customers.proCode), or(isNull(customers.proExpiresAt), sql`${customers.proExpiresAt} > now()`)),
    );
  }
  if (query.employee !== undefined) {
    conditions.push(sql`coalesce(${customerGroups.isEmployeeGroup}, false) = ${query.employee === 'true'}`);
  }
  const where = and(...conditions);
  const [rows, [counted], groups] = await Promise.all([
    db
      .select({
        row: customers,
        groupId: customerGroups.id,
        groupName: customerGroups.name,
        isEmployee: customerGroups.isEmployeeGroup,
        proState: proStateSql,
      })
      .from(customers)
      .leftJoin(customerGroups, eq(customerGroups.id, pricingGroupId))
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort].map((column) => (query.order === 'asc' ? asc(column) : desc(column))))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(customers)
      .leftJoin(customerGroups, eq(customerGroups.id, pricingGroupId))
      .where(where),
    db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
  ]);
  return {
    total: counted?.total ?? 0,
    groups: groups.map(groupOption),
    customers: rows.map(({ row, groupId, groupName, isEmployee, proState }) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      groupId,
      groupName,
      isEmployee: isEmployee ?? false,
      proCode: row.proCode,
      proState,
      proExpiresAt: row.proExpiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

async function loadCustomer(executor: DbOrTx, id: number, options: { lock?: boolean } = {}): Promise<CustomerRow> {
  const query = executor.select().from(customers).where(eq(customers.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw customerNotFound(id);
  return row;
}

/**
 * A customer as the back office shows them: profile, the group that prices them and the
 * employee flag (as the shop's customer state says), pro status with the year's spend (as
 * `/api/pro/order_total` counts it), address book and orders.
 */
export async function customerDetail(db: Db, service: CustomerService, id: number): Promise<CustomerDetail> {
  const row = await loadCustomer(db, id);
  const state = await service.status(id);
  if (!state) throw customerNotFound(id);
  const spend = await service.proOrderTotal(id, proHomeBrand(state.proRegion));
  const [addresses, customerOrders, groups] = await Promise.all([
    db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, id))
      .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id)),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        region: orders.region,
        totalMinor: orders.totalMinor,
        currencyCode: orders.currencyCode,
      })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DETAIL_ORDERS),
    db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
  ]);
  const pricingGroup = state.group ? groups.find((group) => group.id === state.group!.id) : undefined;
  return {
    customer: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      phone: row.phone,
      notes: row.notes,
      acceptsMarketing: row.acceptsMarketing,
      customerGroupId: row.customerGroupId,
      pricingGroup: pricingGroup ? groupOption(pricingGroup) : null,
      isEmployee: state.isEmployee,
      pro: {
        code: row.proCode,
        region: proRegionFromCustomerData(row.formFields, row.notes),
        state: proStateOf(row, new Date()),
        expiresAt: row.proExpiresAt?.toISOString() ?? null,
        spendLimit: spend.spend_limit,
        spent: spend.order_total,
        currencyCode: spend.currency_code,
        periodStart: spend.period_start,
      },
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    addresses: addresses.map((address) => ({
      id: address.id,
      firstName: address.firstName,
      lastName: address.lastName,
      company: address.company,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      stateOrProvince: address.stateOrProvince,
      postalCode: address.postalCode,
      countryCode: address.countryCode,
      phone: address.phone,
      addressType: address.addressType,
      isDefault: address.isDefault,
    })),
    orders: customerOrders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    groups: groups.map(groupOption),
  };
}

/** The columns a back-office edit may change, as they are stored. */
type EditableColumns = Partial<
  Pick<
    CustomerRow,
    | 'firstName'
    | 'lastName'
    | 'company'
    | 'phone'
    | 'notes'
    | 'acceptsMarketing'
    | 'customerGroupId'
    | 'proCode'
    | 'proExpiresAt'
    | 'formFields'
  >
>;

async function groupById(tx: DbOrTx, groupId: number) {
  const [group] = await tx.select().from(customerGroups).where(eq(customerGroups.id, groupId));
  return group ?? null;
}

/**
 * Turns an edit into the columns it changes. Staff may give a customer any existing pro code,
 * whether or not new sign-ups may still use it (its valid-until and use limit guard the shop's
 * sign-up, not the back office).
 */
async function columnsFor(tx: DbOrTx, row: CustomerRow, changes: CustomerChanges): Promise<EditableColumns> {
  const { firstName, lastName, company, phone, notes, acceptsMarketing } = changes;
  const columns: EditableColumns = { firstName, lastName, company, phone, notes, acceptsMarketing };

  if (changes.proCode === null) {
    const [oldCode] = row.proCode
      ? await tx.select().from(proCodes).where(eq(proCodes.code, row.proCode))
      : [undefined];
    columns.proCode = null;
    columns.proExpiresAt = null;
    columns.formFields = row.formFields.filter((field) => field.name !== PRO_CODE_FIELD);
    // Leaving the programme leaves the group the code gave, back to the default group.
    if (oldCode && row.customerGroupId === oldCode.customerGroupId) columns.customerGroupId = null;
  } else if (changes.proCode !== undefined) {
    const [code] = await tx.select().from(proCodes).where(eq(proCodes.code, changes.proCode));
    if (!code) throw new FieldErrors({ proCode: `There is no pro code ${changes.proCode}.` });
    columns.proCode = code.code;
    columns.proExpiresAt = code.proExpiresAt;
    columns.customerGroupId = code.customerGroupId;
    columns.formFields = [
      ...row.formFields.filter((field) => field.name !== PRO_CODE_FIELD),
      { name: PRO_CODE_FIELD, value: proCodeFieldValue(code.code, code.region) },
    ];
  }
  if (changes.proExpiresAt !== undefined) {
    if ((columns.proCode ?? row.proCode) === null) {
      throw new FieldErrors({ proExpiresAt: 'Give the customer a pro code first: only pros have a pro expiry.' });
    }
    columns.proExpiresAt = changes.proExpiresAt;
  }

  if (changes.customerGroupId !== undefined && changes.customerGroupId !== null) {
    if (!(await groupById(tx, changes.customerGroupId))) {
      throw new FieldErrors({ customerGroupId: 'Choose a customer group that exists.' });
    }
  }
  if (changes.customerGroupId !== undefined) columns.customerGroupId = changes.customerGroupId;

  if (changes.employee === true) {
    const [employees] = await tx
      .select()
      .from(customerGroups)
      .where(eq(customerGroups.isEmployeeGroup, true))
      .orderBy(asc(customerGroups.id))
      .limit(1);
    if (!employees) throw new FieldErrors({ employee: 'No customer group is marked as the employee group.' });
    columns.customerGroupId = employees.id;
  } else if (changes.employee === false) {
    const groupId = columns.customerGroupId === undefined ? row.customerGroupId : columns.customerGroupId;
    const group = groupId === null ? null : await groupById(tx, groupId);
    if (group?.isEmployeeGroup) columns.customerGroupId = null;
  }
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as EditableColumns;
}

/** The audit's record of a change: each changed column, before and after. */
function changedColumns(row: CustomerRow, columns: EditableColumns) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(columns)) {
    const old = row[name as keyof EditableColumns];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    before[name] = old;
    after[name] = value;
  }
  return { before, after };
}

/**
 * Applies a back-office edit if the editor saw the latest version: a stale one answers a
 * `VersionConflict` carrying the customer as now saved. Changes of pricing group or pro status
 * show on the shop's next request: a customer's state is read per request, never cached.
 */
export async function updateCustomer(
  db: Db,
  service: CustomerService,
  actor: StaffActor,
  id: number,
  changes: CustomerChanges,
  requestId?: string,
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const row = await loadCustomer(tx, id, { lock: true });
    if (row.version !== changes.version) return 'stale' as const;
    const columns = await columnsFor(tx, row, changes);
    const { before, after } = changedColumns(row, columns);
    if (Object.keys(after).length === 0) return 'unchanged' as const;
    await tx
      .update(customers)
      .set({ ...columns, version: sql`${customers.version} + 1`, updatedAt: new Date() })
      .where(eq(customers.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'customer.update', entityType: 'customer', entityId: id, before, after },
      requestId,
    );
    return 'saved' as const;
  });
  // Read after the transaction: on PGlite a read beside an open transaction waits for it forever.
  if (outcome === 'stale') throw new VersionConflict(await customerDetail(db, service, id), 'This customer');
}
