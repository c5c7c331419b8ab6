import type { BlogEntry, PageEntry, SupportEntry, SystemFields, TeamPageEntry } from '@piste/content';
import { CachePolicy, resolvedReferences, type ContentClient } from '@piste/content/server';
import type { SearchDocument, SearchDocumentType } from '../search-document';
import {
  MAX_DESCRIPTION_LENGTH,
  documentId,
  entryPath,
  hasText,
  noProductFields,
  type DocumentSource,
} from './document-fields';
import { joinedText, plainText } from './plain-text';
import { noEntriesWithoutType } from './missing-content-type.server';

/**
 * The editorial documents of every locale: generic and landing pages, blog posts, support
 * articles and athletes (the team page's members). Entries read uncached, like products.
 */
export async function loadContentDocuments(
  client: ContentClient,
  source: DocumentSource,
  locales: readonly string[],
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  // Locale after locale: a hosted content service rate-limits bursts.
  for (const locale of locales) {
    const read = { locale, cachePolicy: CachePolicy.IGNORE_CACHE };
    const [pages, landingPages, posts, articles, athletes] = await Promise.all([
      client.entries('page', read).catch(noEntriesWithoutType),
      client.entries('landing_page', read).catch(noEntriesWithoutType),
      client.entries('blog', { ...read, include: ['blog_category'] }).catch(noEntriesWithoutType),
      client.entries('support', read).catch(noEntriesWithoutType),
      client.entries('team_page', read).catch(noEntriesWithoutType),
    ]);
    const build = (entry: IndexedEntry, fields: EntryFields | null) =>
      fields && hasText(entry.title) ? [contentDocument(entry, fields, locale, source)] : [];
    documents.push(
      ...pages.flatMap((page) => build(page, pageFields(page, 'page'))),
      ...landingPages.flatMap((page) => build(page, pageFields(page, 'landing_page'))),
      ...posts.flatMap((post) => build(post, blogPostFields(post))),
      ...articles.flatMap((article) => build(article, supportFields(article))),
      ...athletes.flatMap((athlete) => build(athlete, athleteFields(athlete))),
    );
  }
  return documents;
}

type IndexedEntry = SystemFields & { regions?: string[] };

/** What differs between content types; the rest of a document comes from the entry. */
interface EntryFields {
  type: Exclude<SearchDocumentType, 'product'>;
  url: string;
  tagline: string;
  description: string;
  category: string;
  image: string;
}

function contentDocument(
  entry: IndexedEntry,
  fields: EntryFields,
  locale: string,
  source: DocumentSource,
): SearchDocument {
  const title = plainText(entry.title);
  return {
    id: documentId(fields.type, entry.uid, locale),
    type: fields.type,
    uid: entry.uid,
    stack: source.stack,
    environment: source.environment,
    locale,
    regions: entry.regions ?? [],
    title,
    display_title: title,
    tagline: fields.tagline,
    description: fields.description,
    category: fields.category,
    ...noProductFields(),
    tags: [],
    url: fields.url,
    image: fields.image,
    updated_at: new Date(entry.updated_at).toISOString(),
  };
}

/**
 * Generic pages (`/{url}`) and landing pages (`/l/{url}`), their text from the page body or
 * the landing page's rich text blocks and slider headings. Entries without a url cannot be
 * opened, and the home page (url `/`) is left out: every search starts from a page linking to it.
 */
function pageFields(page: PageEntry, contentType: 'page' | 'landing_page'): EntryFields | null {
  if (!hasText(page.url) || page.url.trim().replace(/^\/+/, '') === '') return null;
  const blocks = (page.landing_page?.modules ?? []).map((module) =>
    'rich_text' in module ? module.rich_text.content : 'product_slider' in module ? module.product_slider.heading : '',
  );
  return {
    type: 'page',
    url: entryPath(contentType, page.url),
    tagline: plainText(page.seo_meta?.seo_description),
    description: joinedText([page.generic_page?.content, ...blocks], MAX_DESCRIPTION_LENGTH),
    category: '',
    image: page.seo_meta?.og_image ?? '',
  };
}

function blogPostFields(post: BlogEntry): EntryFields | null {
  if (!hasText(post.url)) return null;
  return {
    type: 'blog_post',
    url: entryPath('blog', post.url),
    tagline: plainText(post.summary),
    description: plainText(post.body, MAX_DESCRIPTION_LENGTH),
    category: plainText(resolvedReferences(post.blog_category)[0]?.title),
    image: post.hero?.amplience_id ?? '',
  };
}

function supportFields(article: SupportEntry): EntryFields | null {
  if (!hasText(article.url)) return null;
  return {
    type: 'support',
    url: entryPath('support', article.url),
    tagline: plainText(article.summary),
    description: plainText(article.body, MAX_DESCRIPTION_LENGTH),
    category: plainText(article.topic),
    image: '',
  };
}

/** Athletes have no page of their own: the team page anchors each by its url (team-view.server.ts). */
function athleteFields(athlete: TeamPageEntry): EntryFields {
  const anchor = (athlete.url ?? '').trim().replace(/^\/+/, '') || athlete.uid;
  return {
    type: 'athlete',
    url: `${entryPath('team_page', '')}#${anchor}`,
    tagline: plainText(athlete.quote),
    description: joinedText([athlete.hometown, athlete.bio], MAX_DESCRIPTION_LENGTH),
    category: plainText(athlete.discipline),
    image: athlete.portrait?.amplience_id ?? '',
  };
}
