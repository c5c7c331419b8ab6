import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SEED_DIR } from '@piste/content/server';
import type { ContentField } from './content-schemas';
import { checkDocument } from './entry-validation';

const SEED = fileURLToPath(CONTENT_SEED_DIR);
const types = JSON.parse(readFileSync(join(SEED, 'content-types.json'), 'utf8')) as Array<{
  uid: string;
  schema: ContentField[];
}>;

describe('checking an entry document against its content type', () => {
  it.each(types.map((type) => [type.uid, type] as const))(
    'passes every seeded %s entry, so a published entry can be saved unchanged',
    (uid, type) => {
      const file = join(SEED, 'entries', `${uid}.json`);
      const entries = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]) : [];
      for (const { translations: _translations, ...document } of entries) {
        expect(checkDocument(type.schema, document).fields, `${uid}/${String(document.uid)}`).toEqual({});
      }
    },
  );

  it('names each problem by its dotted path and collects the references to look up', () => {
    const blog = types.find((type) => type.uid === 'blog')!;
    const result = checkDocument(blog.schema, {
      title: 'x'.repeat(201),
      url: '/ok',
      published_date: '2026-02-30T00:00:00Z',
      regions: ['us', 7],
      blog_category: [
        { uid: 'gear-guides', _content_type_uid: 'blog_category' },
        { uid: 'x', _content_type_uid: 'blog' },
      ],
      body: '<p onclick="steal()">Hi<script>alert(1)</script></p>',
    });
    expect(result.fields).toEqual({
      title: 'Title may hold at most 200 characters.',
      published_date: 'Published date is not a real date.',
      'regions.1': 'Regions must be text.',
      'blog_category.1': 'Blog category refers to blog_category entries only.',
    });
    expect(result.references).toEqual([
      { path: 'blog_category.0', type: 'blog_category', uid: 'gear-guides', allowed: ['blog_category'] },
    ]);
    expect(result.document.body).toBe('<p>Hi</p>');
  });
});
