import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import type { ContentField } from '@piste/admin';
import { entryForm, errorSchemaOf, itemNameOf } from './content-json-schema';

const SEED = join(__dirname, '../../../../../data/seed/content');
const types = JSON.parse(readFileSync(join(SEED, 'content-types.json'), 'utf8')) as Array<{
  uid: string;
  schema: ContentField[];
}>;

describe('the entry editor generated from a content type', () => {
  it.each(types.map((type) => [type.uid, type] as const))(
    'accepts every seeded %s entry as it stands, so an editor can save it unchanged',
    (uid, type) => {
      const file = join(SEED, 'entries', `${uid}.json`);
      const entries = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]) : [];
      const { schema } = entryForm(type.schema);
      for (const { translations: _translations, uid: _uid, ...document } of entries) {
        const { errors } = validator.validateFormData(document, schema);
        expect(errors, `${uid}/${String(_uid)}`).toEqual([]);
      }
    },
  );

  it('turns a blog post into fields of the right kinds', () => {
    const blog = types.find((type) => type.uid === 'blog')!;
    const { schema, uiSchema } = entryForm(blog.schema);
    expect(schema.required).toEqual(['title', 'url', 'published_date'].filter((field) => field !== 'published_date'));
    expect(uiSchema.body).toMatchObject({ 'ui:widget': 'richText' });
    expect(uiSchema.blog_category).toMatchObject({
      'ui:field': 'reference',
      'ui:options': { types: ['blog_category'] },
    });
    expect(uiSchema.summary).toMatchObject({ 'ui:widget': 'textarea' });
    const banner = types.find((type) => type.uid === 'banner')!;
    expect(entryForm(banner.schema).uiSchema.background.content).toEqual({ 'ui:field': 'hotspots' });
  });

  it('edits an entry’s tags as a list of words, and rejects anything else', () => {
    const banner = types.find((type) => type.uid === 'banner')!;
    const { schema, uiSchema } = entryForm(banner.schema);
    expect(schema.properties?.tags).toEqual({ type: 'array', title: 'Tags', items: { type: 'string' } });
    expect(uiSchema.tags).toMatchObject({ 'ui:options': { itemName: 'tag' } });
    expect(uiSchema['ui:options']).toEqual({ expandable: false });
    expect(validator.validateFormData({ title: 'Hero', tags: ['home', 'slider'] }, schema).errors).toEqual([]);
    expect(validator.validateFormData({ title: 'Hero', tags: [{ name: 'home' }] }, schema).errors).not.toEqual([]);
  });

  it('names the item a list’s Add button adds', () => {
    const banner = types.find((type) => type.uid === 'banner')!;
    expect(entryForm(banner.schema).uiSchema.regions).toMatchObject({ 'ui:options': { itemName: 'region' } });
    expect(['Categories', 'Call-to-action buttons', 'Address'].map(itemNameOf)).toEqual([
      'category',
      'call-to-action button',
      'address',
    ]);
  });

  it('puts the server’s messages at their fields', () => {
    expect(
      errorSchemaOf({ 'document.title': 'Title is required.', 'document.hero.imageset': 'Choose one of Yes, No.' }),
    ).toEqual({
      title: { __errors: ['Title is required.'] },
      hero: { imageset: { __errors: ['Choose one of Yes, No.'] } },
    });
  });
});
