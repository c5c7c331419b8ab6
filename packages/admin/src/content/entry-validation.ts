import { sanitizeRichText } from '@piste/content/server';
import type { ContentField } from './content-schemas';

/** Lengths the editor may write: a line, a multi-line text, a rich-text body. */
export const MAX_LENGTH = { line: 1_000, multiline: 10_000, richText: 200_000, title: 200 } as const;

/** Fields the store writes itself: an editor's copy of a delivered entry may carry them, they are dropped. */
const SYSTEM_FIELDS = new Set([
  'uid',
  'locale',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  '_version',
  'publish_details',
  '_content_type_uid',
  'ACL',
  '_in_progress',
]);

/** A page's url: `/` (the home page) or lowercase path segments, as the shop's routes match them. */
const URL_FIELD = /^\/$|^\/[a-z0-9]+(?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9]+(?:[a-z0-9-]*[a-z0-9])?)*$/;

export interface ReferenceUse {
  path: string;
  type: string;
  uid: string;
  allowed: string[];
}

export interface DocumentCheck {
  /** The document as it will be stored: rich text sanitized, system fields dropped. */
  document: Record<string, unknown>;
  /** One message per invalid field, by dotted path. */
  fields: Record<string, string>;
  /** Every reference the document makes, for the caller to look up. */
  references: ReferenceUse[];
}

/** `2026-02-30` parses (as March 2nd): the day written must be the day it names. */
function realCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function referenceTargets(field: ContentField): string[] {
  if (Array.isArray(field.reference_to)) return field.reference_to;
  return field.reference_to ? [field.reference_to] : [];
}

/**
 * Checks an entry document against its content type's Contentstack schema: mandatory fields,
 * each field's type, dropdown choices, lengths, page urls and reference shapes. Rich text is
 * sanitized exactly as the shop sanitizes it before rendering, so what is saved is what shows.
 * Whether referenced entries exist is the caller's to check (`references`).
 */
export function checkDocument(schema: readonly ContentField[], input: Record<string, unknown>): DocumentCheck {
  const fields: Record<string, string> = {};
  const references: ReferenceUse[] = [];
  const fail = (path: string, message: string) => {
    fields[path] ??= message;
  };

  const checkScalar = (field: ContentField, value: unknown, path: string): unknown => {
    const metadata = field.field_metadata ?? {};
    switch (field.data_type) {
      case 'text': {
        if (typeof value !== 'string') return fail(path, `${field.display_name} must be text.`);
        const richText = metadata.allow_rich_text === true;
        const limit =
          field.uid === 'title' && path === 'title'
            ? MAX_LENGTH.title
            : richText
              ? MAX_LENGTH.richText
              : metadata.multiline === true
                ? MAX_LENGTH.multiline
                : MAX_LENGTH.line;
        if (value.length > limit) return fail(path, `${field.display_name} may hold at most ${limit} characters.`);
        if (!richText && metadata.multiline !== true && /[\r\n]/.test(value)) {
          return fail(path, `${field.display_name} is a single line.`);
        }
        const choices = field.enum?.choices.map((choice) => choice.value);
        if (choices && value !== '' && !choices.includes(value)) {
          return fail(path, `Choose one of ${choices.join(', ')}.`);
        }
        return richText ? sanitizeRichText(value) : value;
      }
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value))
          return fail(path, `${field.display_name} must be a number.`);
        return value;
      case 'boolean':
        if (typeof value !== 'boolean') return fail(path, `${field.display_name} must be yes or no.`);
        return value;
      case 'isodate':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value)) {
          return fail(path, `${field.display_name} must be a date (YYYY-MM-DD or an ISO date and time).`);
        }
        if (Number.isNaN(Date.parse(value)) || !realCalendarDay(value)) {
          return fail(path, `${field.display_name} is not a real date.`);
        }
        return value;
      case 'json':
        if (!isRecord(value) && !Array.isArray(value))
          return fail(path, `${field.display_name} must be a JSON object.`);
        if (JSON.stringify(value).length > MAX_LENGTH.richText) {
          return fail(path, `${field.display_name} is too large.`);
        }
        if (isRecord(value)) checkHotspots(value.hotspots, `${path}.hotspots`);
        return value;
      default:
        return value;
    }
  };

  /** A banner's hotspots (spec §3 'Hotspot'): each placed on the image, at fractions 0–1. */
  const checkHotspots = (hotspots: unknown, path: string) => {
    if (hotspots === undefined) return;
    if (!Array.isArray(hotspots)) return fail(path, 'Hotspots are a list.');
    hotspots.forEach((hotspot, index) => {
      const points = isRecord(hotspot) ? hotspot.points : undefined;
      const onImage = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
      if (!isRecord(points) || !onImage(points.x) || !onImage(points.y)) {
        fail(`${path}.${index}.points`, 'Place the hotspot on the image (x and y from 0 to 1).');
      }
    });
  };

  const checkReference = (field: ContentField, value: unknown, path: string): unknown => {
    if (!Array.isArray(value)) return fail(path, `${field.display_name} must be a list of references.`);
    const allowed = referenceTargets(field);
    const multiple = field.field_metadata?.ref_multiple === true || field.multiple === true;
    if (!multiple && value.length > 1) return fail(path, `${field.display_name} takes one entry.`);
    if (value.length > 100) return fail(path, `${field.display_name} takes at most 100 entries.`);
    return value.map((item, index) => {
      const itemPath = `${path}.${index}`;
      if (!isRecord(item) || typeof item.uid !== 'string' || typeof item._content_type_uid !== 'string') {
        return fail(itemPath, 'Pick an entry from the list.');
      }
      if (!allowed.includes(item._content_type_uid)) {
        return fail(itemPath, `${field.display_name} refers to ${allowed.join(' or ')} entries only.`);
      }
      references.push({ path: itemPath, type: item._content_type_uid, uid: item.uid, allowed });
      return { uid: item.uid, _content_type_uid: item._content_type_uid };
    });
  };

  const checkOne = (field: ContentField, value: unknown, path: string): unknown => {
    switch (field.data_type) {
      case 'group':
      case 'global_field':
        if (!isRecord(value)) return fail(path, `${field.display_name} must be a group of fields.`);
        return checkFields(field.schema ?? [], value, `${path}.`);
      case 'blocks': {
        if (!Array.isArray(value)) return fail(path, `${field.display_name} must be a list of blocks.`);
        return value.map((item, index) => {
          const itemPath = `${path}.${index}`;
          const keys = isRecord(item) ? Object.keys(item) : [];
          const block = field.blocks?.find((candidate) => candidate.uid === keys[0]);
          if (!isRecord(item) || keys.length !== 1 || !block) {
            return fail(itemPath, `Each block is one of ${(field.blocks ?? []).map((b) => b.uid).join(', ')}.`);
          }
          const body = item[block.uid];
          if (!isRecord(body)) return fail(`${itemPath}.${block.uid}`, `${block.title} must be a group of fields.`);
          return { [block.uid]: checkFields(block.schema, body, `${itemPath}.${block.uid}.`) };
        });
      }
      case 'reference':
        return checkReference(field, value, path);
      default:
        return checkScalar(field, value, path);
    }
  };

  const checkFields = (schema: readonly ContentField[], values: Record<string, unknown>, prefix: string) => {
    const known = new Set(schema.map((field) => field.uid));
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(values)) {
      if (known.has(key)) continue;
      if (prefix === '' && (SYSTEM_FIELDS.has(key) || key === 'tags')) continue;
      fail(`${prefix}${key}`, 'This field is not part of the content type.');
    }
    for (const field of schema) {
      const path = `${prefix}${field.uid}`;
      const value = values[field.uid];
      if (isBlank(value)) {
        // Top-level fields only, as the seed loader checks them: published entries stay savable as they are.
        if (field.mandatory && prefix === '') fail(path, `${field.display_name} is required.`);
        if (value !== undefined) result[field.uid] = value;
        continue;
      }
      // References and modular blocks are lists whatever `multiple` says; other multiple fields are lists of values.
      if (field.multiple && field.data_type !== 'reference' && field.data_type !== 'blocks') {
        if (!Array.isArray(value)) {
          fail(path, `${field.display_name} must be a list.`);
          continue;
        }
        if (value.length > 500) {
          fail(path, `${field.display_name} takes at most 500 items.`);
          continue;
        }
        result[field.uid] = value.map((item, index) => checkOne(field, item, `${path}.${index}`));
      } else {
        result[field.uid] = checkOne(field, value, path);
      }
    }
    return result;
  };

  const document = checkFields(schema, input, '');
  if (Object.hasOwn(input, 'tags')) {
    const tags = input.tags;
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || tag.length > 100) || tags.length > 50) {
      fail('tags', 'Tags are a list of at most 50 words.');
    } else document.tags = tags;
  }
  if (
    typeof document.url === 'string' &&
    schema.some((field) => field.uid === 'url') &&
    !URL_FIELD.test(document.url)
  ) {
    fail('url', 'A url starts with / and uses lowercase letters, digits and - (e.g. /spring-touring).');
  }
  return { document, fields, references };
}
