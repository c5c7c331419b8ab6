import { previewDraft, type PreviewTokens } from '@piste/admin/server';
import {
  CachePolicy,
  createContentClient,
  createDeliveryApi,
  createDeliveryTransport,
  type ContentClient,
} from '@piste/content/server';
import type { Db } from '@piste/db';
import type { createContentServices } from '../services';

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAM = 'preview';

/** A page rendered with one draft in place of its published entry. */
export interface ContentPreview {
  /** The draft's entry, for the page's banner. */
  entry: { type: string; uid: string; locale: string; title: string };
  /** A content client reading the store with the draft overlaid, caching nothing. */
  client: ContentClient;
}

/** The preview a page request asks for, or null (no token, or an invalid or expired one: the published page). */
export type ContentPreviews = (url: URL) => Promise<ContentPreview | null>;

/**
 * Storefront previews of content drafts (docs/admin/content.md 'Preview'). A valid token of
 * the back office names a draft version; the page is then read through a client whose store
 * shows that draft instead of the published entry. A hosted content stack has its own preview,
 * so only the embedded service offers this.
 */
export function contentPreviews(
  db: Db,
  content: ReturnType<typeof createContentServices>,
  tokens: PreviewTokens,
): ContentPreviews {
  return async (url) => {
    const token = url.searchParams.get(PREVIEW_PARAM);
    if (!token || content.baseUrl) return null;
    const grant = tokens.verify(token);
    if (!grant) return null;
    const key = { type: grant.type, uid: grant.uid, locale: grant.locale };
    const document = await previewDraft(db, key, grant.draftVersion);
    if (!document) return null;
    const store = content.store.withDraft({ contentTypeUid: key.type, uid: key.uid, locale: key.locale, document });
    const deliveryApi = createDeliveryApi({ store, keys: content.keys });
    const transport = createDeliveryTransport({
      baseUrl: 'http://content.preview/v3',
      apiKey: content.keys.apiKey,
      deliveryToken: content.keys.deliveryToken,
      environment: content.keys.environment,
      logger: content.logger,
      fetch: (input, init) => deliveryApi.handle(new Request(input, init)),
      failFastMs: 0,
      cachePolicy: CachePolicy.IGNORE_CACHE,
    });
    return {
      entry: { ...key, title: typeof document.title === 'string' ? document.title : key.uid },
      client: createContentClient({ transport, logger: content.logger }),
    };
  };
}
