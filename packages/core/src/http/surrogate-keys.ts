/**
 * Surrogate keys: the tags a shared page carries in its `Surrogate-Key` header, naming what it
 * shows, so a change can purge exactly the pages showing it (docs/decisions/029-c-cdn-purge.md).
 * Page loaders add them; the server purges by them.
 */

/** Every shared page: a purge of `page` drops them all. */
export const PAGE_SURROGATE_KEY = 'page';
/** Pages showing content entries. Every page does: its header, texts and brand come from content. */
export const CONTENT_SURROGATE_KEY = 'content';

export const productSurrogateKey = (commerceId: number) => `product-${commerceId}`;
/** A category by its path (`skis/alpine`). */
export const categorySurrogateKey = (path: string) => `category-${path.replace(/^\/+|\/+$/g, '')}`;
export const localeSurrogateKey = (locale: string) => `locale-${locale}`;
