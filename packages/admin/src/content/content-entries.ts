import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { contentSchema, publishContent } from '@piste/content/server';
import { CONTENT_LOCALES, DEFAULT_LOCALE, DomainError, SUPPORTED_LOCALES, contentLocaleFor } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import { contentDrafts, contentVersions } from '../schema/operations';
import { actorLabel, type StaffActor } from '../staff-actor';
import type {
  ContentField,
  ContentTypeSummary,
  ContentTypeView,
  DraftView,
  EntryList,
  EntryView,
  ReferenceOption,
  VersionSummary,
} from './content-schemas';
import { checkDocument } from './entry-validation';

const { contentEntries, contentTypes } = contentSchema;

export const ENTRY_PAGE_SIZE = 50;

/** Names an entry in one locale: what drafts, versions, audit entries and previews are about. */
export interface EntryKey {
  type: string;
  uid: string;
  locale: string;
}

const entityId = (key: EntryKey) => `${key.type}/${key.uid}/${key.locale}`;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const titleOf = (document: Record<string, unknown>) => (typeof document.title === 'string' ? document.title : '');

/**
 * The content locale an admin request means: a content locale (`en-us`, `de`) as it is, a shop
 * locale (`de-de`, `de-at`) as its language's; anything else is refused at the field.
 */
export function toContentLocale(locale: string): string {
  if (CONTENT_LOCALES.includes(locale)) return locale;
  if (SUPPORTED_LOCALES.includes(locale)) {
    const contentLocale = contentLocaleFor(locale.split('-')[0]);
    if (contentLocale) return contentLocale;
  }
  throw new FieldErrors({ locale: `${locale} is not a language of the shop.` });
}

/** The shop locale a preview of a content locale opens in: `de` → `de-de`, `en-us` → `en-us`. */
export function shopLocaleFor(contentLocale: string): string {
  if (contentLocale === DEFAULT_LOCALE) return DEFAULT_LOCALE;
  return (
    SUPPORTED_LOCALES.find((locale) => locale === `${contentLocale}-${contentLocale}`) ??
    SUPPORTED_LOCALES.find((locale) => contentLocaleFor(locale.split('-')[0]) === contentLocale) ??
    DEFAULT_LOCALE
  );
}

type ContentTypeRow = typeof contentTypes.$inferSelect;

function typeSummary(row: ContentTypeRow, entryCount: number): ContentTypeSummary {
  const options = row.options;
  return {
    uid: row.uid,
    title: row.title,
    description: row.description,
    singleton: options.singleton === true,
    isPage: options.is_page === true,
    urlPrefix: typeof options.url_prefix === 'string' ? options.url_prefix : null,
    entryCount,
  };
}

async function typeRow(db: DbOrTx, type: string): Promise<ContentTypeRow> {
  const [row] = await db.select().from(contentTypes).where(eq(contentTypes.uid, type));
  if (!row) throw new DomainError('NOT_FOUND', `No content type ${type}.`, 'NOT_FOUND');
  return row;
}

/** Every content type with its number of entries (uids, any locale). */
export async function listContentTypes(db: Db): Promise<ContentTypeSummary[]> {
  const [types, counts] = await Promise.all([
    db.select().from(contentTypes).orderBy(asc(contentTypes.title)),
    db
      .select({ type: contentEntries.contentTypeUid, entries: sql<number>`count(distinct ${contentEntries.uid})::int` })
      .from(contentEntries)
      .groupBy(contentEntries.contentTypeUid),
  ]);
  const byType = new Map(counts.map((row) => [row.type, row.entries]));
  return types.map((row) => typeSummary(row, byType.get(row.uid) ?? 0));
}

export async function getContentType(db: Db, type: string): Promise<ContentTypeView> {
  const row = await typeRow(db, type);
  const [entries] = await db
    .select({ n: sql<number>`count(distinct ${contentEntries.uid})::int` })
    .from(contentEntries)
    .where(eq(contentEntries.contentTypeUid, type));
  return { ...typeSummary(row, entries?.n ?? 0), schema: row.schema };
}

/**
 * A page of a type's entries (uids with a published row or a draft in any locale), searched by
 * title or uid, with the locales each is published in and its draft state in `locale`.
 */
export async function listEntries(
  db: Db,
  type: string,
  query: { locale: string; q?: string; page: number; pageSize?: number },
): Promise<EntryList> {
  await typeRow(db, type);
  const locale = toContentLocale(query.locale);
  const pageSize = query.pageSize ?? ENTRY_PAGE_SIZE;
  const publishedMatch: SQL[] = [eq(contentEntries.contentTypeUid, type)];
  const draftMatch: SQL[] = [eq(contentDrafts.contentTypeUid, type)];
  if (query.q) {
    publishedMatch.push(
      or(ilike(contentEntries.uid, like(query.q)), sql`${contentEntries.document}->>'title' ilike ${like(query.q)}`)!,
    );
    draftMatch.push(
      or(ilike(contentDrafts.uid, like(query.q)), sql`${contentDrafts.document}->>'title' ilike ${like(query.q)}`)!,
    );
  }
  const uids = db
    .select({ uid: contentEntries.uid })
    .from(contentEntries)
    .where(and(...publishedMatch))
    .union(
      db
        .select({ uid: contentDrafts.uid })
        .from(contentDrafts)
        .where(and(...draftMatch)),
    )
    .as('uids');
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(uids);
  const page = await db
    .select({ uid: uids.uid })
    .from(uids)
    .orderBy(asc(uids.uid))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const pageUids = page.map((row) => row.uid);
  if (pageUids.length === 0) return { items: [], total, page: query.page, pageSize, locale };

  const [rows, drafts] = await Promise.all([
    db
      .select({
        uid: contentEntries.uid,
        locale: contentEntries.locale,
        version: contentEntries.version,
        title: sql<string | null>`${contentEntries.document}->>'title'`,
        updatedAt: contentEntries.updatedAt,
      })
      .from(contentEntries)
      .where(and(eq(contentEntries.contentTypeUid, type), inArray(contentEntries.uid, pageUids))),
    db
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.contentTypeUid, type), inArray(contentDrafts.uid, pageUids))),
  ]);
  const items = pageUids.map((uid) => {
    const published = rows.filter((row) => row.uid === uid);
    const own = published.find((row) => row.locale === locale);
    const master = published.find((row) => row.locale === DEFAULT_LOCALE);
    const draft = drafts.find((row) => row.uid === uid && row.locale === locale);
    return {
      uid,
      title: own?.title ?? master?.title ?? (draft ? titleOf(draft.document) : ''),
      locales: published.map((row) => row.locale).sort(),
      publishedVersion: own?.version ?? null,
      draft: draft ? { version: draft.version, actor: draft.actor, updatedAt: draft.updatedAt.toISOString() } : null,
      updatedAt: (own ?? master)?.updatedAt.toISOString() ?? null,
    };
  });
  return { items, total, page: query.page, pageSize, locale };
}

async function publishedRow(db: DbOrTx, key: EntryKey) {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.contentTypeUid, key.type),
        eq(contentEntries.uid, key.uid),
        eq(contentEntries.locale, key.locale),
      ),
    );
  return row;
}

function draftView(row: typeof contentDrafts.$inferSelect): DraftView {
  return {
    document: row.document,
    version: row.version,
    baseVersion: row.baseVersion,
    actor: row.actor,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The draft row of one entry in one locale. */
function isDraftOf(key: EntryKey) {
  return and(
    eq(contentDrafts.contentTypeUid, key.type),
    eq(contentDrafts.uid, key.uid),
    eq(contentDrafts.locale, key.locale),
  );
}

async function draftRow(db: DbOrTx, key: EntryKey, lock = false) {
  const query = db.select().from(contentDrafts).where(isDraftOf(key));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function versionList(db: DbOrTx, key: EntryKey): Promise<VersionSummary[]> {
  const rows = await db
    .select()
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.contentTypeUid, key.type),
        eq(contentVersions.uid, key.uid),
        eq(contentVersions.locale, key.locale),
      ),
    )
    .orderBy(desc(contentVersions.version));
  return rows.map((row) => ({
    version: row.version,
    actor: row.actor,
    publishedAt: row.publishedAt.toISOString(),
    title: titleOf(row.document),
  }));
}

/**
 * An entry as the editor opens it: the published document in the locale or, when the locale has
 * none, the en-us one it falls back to (`fallbackFrom`), the draft and the version history.
 */
export async function readEntry(db: Db, type: string, uid: string, requestedLocale: string): Promise<EntryView> {
  await typeRow(db, type);
  const key = { type, uid, locale: toContentLocale(requestedLocale) };
  const [locales, draft, versions] = await Promise.all([
    db
      .select({ locale: contentEntries.locale })
      .from(contentEntries)
      .where(and(eq(contentEntries.contentTypeUid, type), eq(contentEntries.uid, uid))),
    draftRow(db, key),
    versionList(db, key),
  ]);
  let published = await publishedRow(db, key);
  let fallbackFrom: string | null = null;
  if (!published && key.locale !== DEFAULT_LOCALE) {
    published = await publishedRow(db, { ...key, locale: DEFAULT_LOCALE });
    if (published) fallbackFrom = DEFAULT_LOCALE;
  }
  if (!published && !draft) throw new DomainError('NOT_FOUND', `No ${type} entry ${uid}.`, 'NOT_FOUND');
  return {
    type,
    uid,
    locale: key.locale,
    published: published
      ? { document: published.document, version: published.version, updatedAt: published.updatedAt.toISOString() }
      : null,
    fallbackFrom,
    draft: draft ? draftView(draft) : null,
    versions,
    locales: locales.map((row) => row.locale).sort(),
  };
}

/** One version's document, for the editor's history. */
export async function readVersion(db: Db, key: EntryKey, version: number) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(
      and(
        eq(contentVersions.contentTypeUid, key.type),
        eq(contentVersions.uid, key.uid),
        eq(contentVersions.locale, key.locale),
        eq(contentVersions.version, version),
      ),
    );
  if (!row) throw new DomainError('NOT_FOUND', `No version ${version} of this entry.`, 'NOT_FOUND');
  return { version: row.version, document: row.document, actor: row.actor, publishedAt: row.publishedAt.toISOString() };
}

/**
 * Validates a document for the entry: the content type's schema (lengths, types, choices,
 * mandatory fields; rich text sanitized), referenced entries exist, and a page's url is not
 * another entry's in the same locale. Throws FieldErrors with every problem found.
 */
async function validDocument(db: DbOrTx, type: ContentTypeRow, key: EntryKey, input: Record<string, unknown>) {
  const { document, fields, references } = checkDocument(type.schema as unknown as ContentField[], input);
  const wanted = references.filter((reference) => !fields[reference.path]);
  if (wanted.length > 0) {
    const found = await db
      .select({ type: contentEntries.contentTypeUid, uid: contentEntries.uid })
      .from(contentEntries)
      .where(
        and(
          inArray(contentEntries.contentTypeUid, [...new Set(wanted.map((reference) => reference.type))]),
          inArray(contentEntries.uid, [...new Set(wanted.map((reference) => reference.uid))]),
        ),
      );
    const exists = new Set(found.map((row) => `${row.type}/${row.uid}`));
    for (const reference of wanted) {
      if (!exists.has(`${reference.type}/${reference.uid}`)) {
        fields[reference.path] ??= `No published ${reference.type} entry ${reference.uid}.`;
      }
    }
  }
  if (typeof document.url === 'string' && !fields.url) {
    const [taken] = await db
      .select({ uid: contentEntries.uid })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.contentTypeUid, key.type),
          inArray(contentEntries.locale, [...new Set([key.locale, DEFAULT_LOCALE])]),
          sql`${contentEntries.document}->>'url' = ${document.url}`,
          sql`${contentEntries.uid} <> ${key.uid}`,
        ),
      )
      .limit(1);
    if (taken) fields.url = `The url ${document.url} is already the entry ${taken.uid}'s.`;
  }
  if (Object.keys(fields).length > 0) {
    const prefixed = Object.fromEntries(Object.entries(fields).map(([path, message]) => [`document.${path}`, message]));
    throw new FieldErrors(prefixed);
  }
  return document;
}

async function entryExists(db: DbOrTx, type: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: contentEntries.uid })
    .from(contentEntries)
    .where(and(eq(contentEntries.contentTypeUid, type), eq(contentEntries.uid, uid)))
    .limit(1);
  return row !== undefined;
}

/**
 * Saves the draft of an entry in a locale. The first save starts a draft from the published
 * version (0 when the locale has none yet); a later one must name the draft version it edited,
 * or it is refused with the other editor's draft (`VersionConflict`).
 */
export async function saveDraft(
  db: Db,
  actor: StaffActor,
  key: EntryKey,
  body: { document: Record<string, unknown>; version?: number },
  requestId?: string,
): Promise<DraftView> {
  return db.transaction(async (tx) => {
    const type = await typeRow(tx, key.type);
    const current = await draftRow(tx, key, true);
    if (current && current.version !== body.version) throw new VersionConflict(draftView(current), 'This draft');
    if (!current && body.version !== undefined) {
      throw new VersionConflict(null, 'This draft (published or discarded since)');
    }
    if (!current && !(await entryExists(tx, key.type, key.uid))) {
      throw new DomainError('NOT_FOUND', `No ${key.type} entry ${key.uid}.`, 'NOT_FOUND');
    }
    const document = await validDocument(tx, type, key, body.document);
    const published = await publishedRow(tx, key);
    const [saved] = current
      ? await tx
          .update(contentDrafts)
          .set({
            document,
            version: current.version + 1,
            staffId: actor.id,
            actor: actorLabel(actor),
            updatedAt: new Date(),
          })
          .where(isDraftOf(key))
          .returning()
      : await tx
          .insert(contentDrafts)
          .values({
            contentTypeUid: key.type,
            uid: key.uid,
            locale: key.locale,
            document,
            baseVersion: published?.version ?? 0,
            staffId: actor.id,
            actor: actorLabel(actor),
          })
          .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'content.draft.save',
        entityType: 'content_entry',
        entityId: entityId(key),
        before: current?.document,
        after: document,
      },
      requestId,
    );
    return draftView(saved!);
  });
}

/** A uid from a title: `Spring touring in Tirol` → `spring-touring-in-tirol`. */
export function uidFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || `entry-${Date.now().toString(36)}`;
}

/**
 * Starts a new entry: its first draft in `locale` (published with the draft). The uid is given
 * or made from the title; a uid already in use, or a second entry of a singleton type, is refused.
 */
export async function createEntry(
  db: Db,
  actor: StaffActor,
  input: { type: string; locale: string; uid?: string; document: Record<string, unknown> },
  requestId?: string,
): Promise<{ uid: string; locale: string; draft: DraftView }> {
  return db.transaction(async (tx) => {
    const type = await typeRow(tx, input.type);
    const uid = input.uid ?? uidFromTitle(titleOf(input.document));
    const key = { type: input.type, uid, locale: input.locale };
    if (type.options.singleton === true) {
      const [any] = await tx
        .select({ uid: contentEntries.uid })
        .from(contentEntries)
        .where(eq(contentEntries.contentTypeUid, input.type))
        .limit(1);
      if (any) throw new FieldErrors({ uid: `${type.title} has one entry only (${any.uid}): edit it instead.` });
    }
    const taken =
      (await entryExists(tx, input.type, uid)) ||
      (
        await tx
          .select({ uid: contentDrafts.uid })
          .from(contentDrafts)
          .where(and(eq(contentDrafts.contentTypeUid, input.type), eq(contentDrafts.uid, uid)))
          .limit(1)
      ).length > 0;
    if (taken) throw new FieldErrors({ uid: `An entry ${uid} exists already: choose another uid.` });
    const document = await validDocument(tx, type, key, input.document);
    const [saved] = await tx
      .insert(contentDrafts)
      .values({
        contentTypeUid: key.type,
        uid,
        locale: key.locale,
        document,
        baseVersion: 0,
        staffId: actor.id,
        actor: actorLabel(actor),
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      { action: 'content.create', entityType: 'content_entry', entityId: entityId(key), after: document },
      requestId,
    );
    return { uid, locale: key.locale, draft: draftView(saved!) };
  });
}

/** Throws the draft away; with `version`, only if nobody saved it since. */
export async function discardDraft(
  db: Db,
  actor: StaffActor,
  key: EntryKey,
  version: number | undefined,
  requestId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await draftRow(tx, key, true);
    if (!current) throw new DomainError('NOT_FOUND', 'There is no draft to discard.', 'NOT_FOUND');
    if (version !== undefined && current.version !== version)
      throw new VersionConflict(draftView(current), 'This draft');
    await tx.delete(contentDrafts).where(isDraftOf(key));
    await recordAudit(
      tx,
      actor,
      {
        action: 'content.draft.discard',
        entityType: 'content_entry',
        entityId: entityId(key),
        before: current.document,
      },
      requestId,
    );
  });
}

/**
 * Makes `document` the entry's next published version through the content store's own write
 * (so the database announces it and every instance's caches and pages follow within a second)
 * and records it in the history. The version published before the history began is recorded
 * first, so a rollback can reach it.
 */
async function publishDocument(tx: DbOrTx, actor: StaffActor, key: EntryKey, document: Record<string, unknown>) {
  const before = await publishedRow(tx, key);
  if (before) {
    await tx
      .insert(contentVersions)
      .values({
        contentTypeUid: key.type,
        uid: key.uid,
        locale: key.locale,
        version: before.version,
        document: before.document,
        staffId: null,
        actor: 'published before the back office',
        publishedAt: before.updatedAt,
      })
      .onConflictDoNothing();
  }
  await publishContent(tx, { entries: [{ contentTypeUid: key.type, uid: key.uid, locale: key.locale, document }] });
  const after = (await publishedRow(tx, key))!;
  await tx
    .insert(contentVersions)
    .values({
      contentTypeUid: key.type,
      uid: key.uid,
      locale: key.locale,
      version: after.version,
      document: after.document,
      staffId: actor.id,
      actor: actorLabel(actor),
    })
    .onConflictDoNothing();
  return { before, after };
}

function publishedView(row: { document: Record<string, unknown>; version: number; updatedAt: Date }) {
  return { document: row.document, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Publishes the draft (named by the version the editor saw). Refused when the draft moved on,
 * or when someone published the entry since the draft began (their version is shown).
 */
export async function publishDraft(
  db: Db,
  actor: StaffActor,
  key: EntryKey,
  draftVersion: number,
  requestId?: string,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const type = await typeRow(tx, key.type);
    const draft = await draftRow(tx, key, true);
    if (!draft) throw new DomainError('NOT_FOUND', 'There is no draft to publish.', 'NOT_FOUND');
    if (draft.version !== draftVersion) throw new VersionConflict(draftView(draft), 'This draft');
    const current = await publishedRow(tx, key);
    if ((current?.version ?? 0) !== draft.baseVersion) {
      throw new VersionConflict(current ? publishedView(current) : null, 'The published entry');
    }
    // The schema may have changed, or a referenced entry gone, since the draft was saved.
    const document = await validDocument(tx, type, key, draft.document);
    const { before, after } = await publishDocument(tx, actor, key, document);
    await tx.delete(contentDrafts).where(isDraftOf(key));
    await recordAudit(
      tx,
      actor,
      {
        action: 'content.publish',
        entityType: 'content_entry',
        entityId: entityId(key),
        before: before?.document,
        after: after.document,
      },
      requestId,
    );
    return { version: after.version };
  });
}

/** Publishes an earlier version again, as the entry's next version; a draft in progress stays. */
export async function rollbackEntry(
  db: Db,
  actor: StaffActor,
  key: EntryKey,
  version: number,
  requestId?: string,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    await typeRow(tx, key.type);
    const [old] = await tx
      .select()
      .from(contentVersions)
      .where(
        and(
          eq(contentVersions.contentTypeUid, key.type),
          eq(contentVersions.uid, key.uid),
          eq(contentVersions.locale, key.locale),
          eq(contentVersions.version, version),
        ),
      );
    if (!old) throw new FieldErrors({ version: `There is no version ${version} of this entry.` });
    const { before, after } = await publishDocument(tx, actor, key, old.document);
    await recordAudit(
      tx,
      actor,
      {
        action: 'content.rollback',
        entityType: 'content_entry',
        entityId: entityId(key),
        before: before?.document,
        after: { ...after.document, _rolled_back_to: version },
      },
      requestId,
    );
    return { version: after.version };
  });
}

/** Entries of the given types to pick a reference from, by title or uid (en-us titles). */
export async function referenceOptions(db: Db, types: string[], q: string | undefined): Promise<ReferenceOption[]> {
  const conditions: SQL[] = [inArray(contentEntries.contentTypeUid, types), eq(contentEntries.locale, DEFAULT_LOCALE)];
  if (q) {
    conditions.push(
      or(ilike(contentEntries.uid, like(q)), sql`${contentEntries.document}->>'title' ilike ${like(q)}`)!,
    );
  }
  const rows = await db
    .select({
      uid: contentEntries.uid,
      type: contentEntries.contentTypeUid,
      title: sql<string | null>`${contentEntries.document}->>'title'`,
    })
    .from(contentEntries)
    .where(and(...conditions))
    .orderBy(sql`${contentEntries.document}->>'title'`, asc(contentEntries.uid))
    .limit(50);
  return rows.map((row) => ({ uid: row.uid, type: row.type, title: row.title ?? row.uid }));
}

/**
 * The storefront path an entry shows at: a page type's url prefix and the entry's url in the
 * shop locale (`/de-de/blog/p/spring-touring`); entries that are not pages (banners, alerts)
 * show on the home page.
 */
export async function storefrontPath(db: DbOrTx, key: EntryKey, document: Record<string, unknown>, shopLocale: string) {
  const type = await typeRow(db, key.type);
  const prefix = typeof type.options.url_prefix === 'string' ? type.options.url_prefix : '/';
  const url = typeof document.url === 'string' ? document.url : null;
  if (type.options.is_page !== true || !url) return `/${shopLocale}/`;
  const path = `${prefix.replace(/\/+$/, '')}${url}`;
  return `/${shopLocale}${path === '' ? '/' : path}`;
}

/** The draft a preview token names, when it is still that version. */
export async function previewDraft(db: DbOrTx, key: EntryKey, draftVersion: number) {
  const draft = await draftRow(db, key);
  return draft && draft.version === draftVersion ? draft.document : null;
}

/** The draft to preview and where it shows, for `POST …/preview`. */
export async function previewTarget(db: Db, key: EntryKey, shopLocale: string | undefined) {
  const draft = await draftRow(db, key);
  if (!draft) throw new DomainError('NOT_FOUND', 'Save a draft first: the preview shows the saved draft.', 'NOT_FOUND');
  const locale = shopLocale ?? shopLocaleFor(key.locale);
  if (toContentLocale(locale) !== key.locale) {
    throw new FieldErrors({ shopLocale: `${locale} does not read ${key.locale} content.` });
  }
  return { draftVersion: draft.version, path: await storefrontPath(db, key, draft.document, locale) };
}
