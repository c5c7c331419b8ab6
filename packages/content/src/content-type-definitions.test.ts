import { describe, expect, it } from 'vitest';
import { contentTypeDefinitionsSchema } from './content-type-definitions';

const text = (uid: string) => ({ uid, data_type: 'text', display_name: uid });
const type = (uid: string, schema: unknown[]) => ({ uid, title: uid, options: {}, schema });

describe('content type definitions', () => {
  it('accepts nested groups, modular blocks and references to types of the list', () => {
    const parsed = contentTypeDefinitionsSchema.parse([
      type('banner', [text('title')]),
      type('page', [
        text('title'),
        { uid: 'hero', data_type: 'group', display_name: 'Hero', schema: [text('heading')] },
        {
          uid: 'modules',
          data_type: 'blocks',
          display_name: 'Modules',
          blocks: [
            {
              uid: 'banner',
              title: 'Banner',
              schema: [{ ...text('banner'), data_type: 'reference', reference_to: ['banner'] }],
            },
          ],
        },
      ]),
    ]);
    expect(parsed[1]!.options).toEqual({ is_page: false, singleton: false });
  });

  it('refuses what a stack would refuse: a reserved field uid at any depth, a reference to an unknown type, a long description', () => {
    const result = contentTypeDefinitionsSchema.safeParse([
      {
        ...type('page', [
          text('title'),
          { uid: 'link', data_type: 'group', display_name: 'Link', schema: [text('id')] },
        ]),
        description: 'x'.repeat(256),
      },
      type('nav', [
        text('title'),
        text('category_ids'),
        { ...text('page'), data_type: 'reference', reference_to: ['blog'] },
      ]),
    ]);
    expect(result.success).toBe(false);
    const problems = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        '0.schema.1.schema.0.uid: is a uid Contentstack keeps for itself (or ends in _ids)',
        '1.schema.1.uid: is a uid Contentstack keeps for itself (or ends in _ids)',
        expect.stringMatching(/^0\.description: /),
      ]),
    );
  });

  it('refuses a reference to a type the list does not define', () => {
    const result = contentTypeDefinitionsSchema.safeParse([
      type('nav', [text('title'), { ...text('page'), data_type: 'reference', reference_to: ['blog'] }]),
    ]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["refers to 'blog', which is not defined"]);
  });
});
