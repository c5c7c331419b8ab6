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

  it('refuses modular blocks inside a group, which Contentstack does not allow, and a global field used with other fields', () => {
    const modules = {
      uid: 'modules',
      data_type: 'blocks',
      display_name: 'Modules',
      blocks: [{ uid: 'text', title: 'Text', schema: [text('body')] }],
    };
    const result = contentTypeDefinitionsSchema.safeParse([
      type('page', [text('title'), { uid: 'landing', data_type: 'group', display_name: 'Landing', schema: [modules] }]),
      type('home', [
        text('title'),
        {
          uid: 'landing',
          data_type: 'global_field',
          display_name: 'Landing',
          reference_to: 'landing_modules',
          schema: [modules],
        },
      ]),
      type('blog', [
        text('title'),
        {
          uid: 'landing',
          data_type: 'global_field',
          display_name: 'Landing',
          reference_to: 'landing_modules',
          schema: [text('body')],
        },
      ]),
    ]);
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      '0.schema: landing.modules: a modular blocks field cannot sit in a group (use a global field)',
      "2.schema: landing: global field 'landing_modules' has other fields where it is used before",
    ]);
  });
});
