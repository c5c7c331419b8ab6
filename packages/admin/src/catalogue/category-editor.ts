import { asc, eq, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { CategoryNode, categoryCreateSchema, categoryUpdateSchema } from './catalogue-schemas';

const { categories, productCategories } = commerceSchema;

type CategoryRow = typeof categories.$inferSelect;

function notFound(categoryId: number): DomainError {
  return new DomainError('NOT_FOUND', `There is no category ${categoryId}.`, 'NOT_FOUND');
}

/** Every category as a tree (hidden ones included, marked), each with its number of products. */
export async function categoryTree(db: DbOrTx): Promise<CategoryNode[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ categoryId: productCategories.categoryId, count: sql<number>`count(*)::int` })
      .from(productCategories)
      .groupBy(productCategories.categoryId),
  ]);
  const countOf = new Map(counts.map((row) => [row.categoryId, Number(row.count)]));
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        path: row.path,
        description: row.description,
        sortOrder: row.sortOrder,
        isVisible: row.isVisible,
        productCount: countOf.get(row.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function viewOf(row: CategoryRow) {
  const { createdAt: _created, updatedAt: _updated, ...view } = row;
  return view;
}

async function pathTaken(tx: DbOrTx, path: string): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.path, path));
  return !!row;
}

/** A new category under `parentId` (or at the top); its url path is the parent's plus `slug`. */
export async function createCategory(
  db: DbOrTx,
  actor: StaffActor,
  input: z.output<typeof categoryCreateSchema>,
  requestId?: string,
) {
  return db.transaction(async (tx) => {
    let parentPath = '';
    if (input.parentId !== null) {
      const [parent] = await tx.select().from(categories).where(eq(categories.id, input.parentId));
      if (!parent) throw new FieldErrors({ parentId: `There is no category ${input.parentId}.` });
      parentPath = `${parent.path}/`;
    }
    const path = `${parentPath}${input.slug}`;
    if (await pathTaken(tx, path)) throw new FieldErrors({ slug: `A category already lives at ${path}.` });
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${categories.sortOrder}) + 1, 0)::int` })
      .from(categories)
      .where(input.parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, input.parentId));
    const [row] = await tx
      .insert(categories)
      .values({
        parentId: input.parentId,
        name: input.name,
        description: input.description,
        path,
        sortOrder: Number(next),
        isVisible: input.isVisible,
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      { action: 'category.create', entityType: 'category', entityId: row!.id, after: viewOf(row!) },
      requestId,
    );
    return viewOf(row!);
  });
}

/**
 * Renames, describes, hides or moves a category. A move re-roots its url path and those of
 * all its descendants; a category cannot move under itself or one of its own children.
 */
export async function updateCategory(
  db: DbOrTx,
  actor: StaffActor,
  categoryId: number,
  input: z.output<typeof categoryUpdateSchema>,
  requestId?: string,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for('update');
    if (!before) throw notFound(categoryId);
    const { parentId, ...columns } = input;
    let path = before.path;
    if (parentId !== undefined && parentId !== before.parentId) {
      const slug = before.path.split('/').pop()!;
      let parentPath = '';
      if (parentId !== null) {
        const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId));
        if (!parent) throw new FieldErrors({ parentId: `There is no category ${parentId}.` });
        if (parent.id === categoryId || parent.path.startsWith(`${before.path}/`)) {
          throw new FieldErrors({ parentId: 'A category cannot move under itself or one of its children.' });
        }
        parentPath = `${parent.path}/`;
      }
      path = `${parentPath}${slug}`;
      if (await pathTaken(tx, path)) throw new FieldErrors({ parentId: `A category already lives at ${path}.` });
      // Descendants first keep their tail: `goggles/otg/x` → `{path}/x`.
      await tx
        .update(categories)
        .set({ path: sql`${path} || substr(${categories.path}, ${before.path.length + 1})`, updatedAt: new Date() })
        .where(or(eq(categories.id, categoryId), like(categories.path, `${before.path.replace(/[\\%_]/g, '\\$&')}/%`)));
    }
    const [after] = await tx
      .update(categories)
      .set({ ...columns, ...(parentId !== undefined && { parentId }), updatedAt: new Date() })
      .where(eq(categories.id, categoryId))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'category.update',
        entityType: 'category',
        entityId: categoryId,
        before: viewOf(before),
        after: viewOf(after!),
      },
      requestId,
    );
    return viewOf(after!);
  });
}
