import type { BlogEntry, SupportEntry, SystemFields, TeamPageEntry } from '@piste/content';

/** Test entries shaped like the delivery API's answers; each test names only the fields it is about. */
function system(uid: string, title: string): SystemFields {
  return {
    uid,
    title,
    locale: 'en-us',
    tags: [],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    _version: 1,
    publish_details: { environment: 'production', locale: 'en-us', time: '2025-01-01T00:00:00.000Z' },
  };
}

export const ALL_REGIONS = ['us', 'ca', 'eu_region_1'];

export function blogEntry(uid: string, fields: Partial<BlogEntry> = {}): BlogEntry {
  return {
    ...system(uid, `Post ${uid}`),
    regions: ALL_REGIONS,
    url: `/${uid}`,
    author: 'Jonas Pichler',
    published_date: '2025-10-14T07:00:00.000Z',
    blog_category: [],
    hero: { amplience_id: 'blog-1', alt_text: 'A binding on a groomed slope' },
    summary: 'A summary',
    body: '<p>Short.</p>',
    ...fields,
  };
}

export function supportEntry(uid: string, topic: string, fields: Partial<SupportEntry> = {}): SupportEntry {
  return {
    ...system(uid, `Question ${uid}`),
    regions: ALL_REGIONS,
    url: `/${uid}`,
    topic,
    summary: `About ${uid}`,
    body: '<p>Answer.</p>',
    ...fields,
  };
}

export function teamEntry(uid: string, fields: Partial<TeamPageEntry> = {}): TeamPageEntry {
  return {
    ...system(uid, `Rider ${uid}`),
    regions: ALL_REGIONS,
    url: `/${uid}`,
    discipline: 'Splitboard',
    hometown: 'Tromsø, Norway',
    portrait: { amplience_id: 'athlete-1', imageset: 'No', alt_text: 'On a ridge' },
    quote: 'Up here the sun barely rises.',
    bio: '<p>Bio.</p>',
    products: [],
    ...fields,
  };
}
