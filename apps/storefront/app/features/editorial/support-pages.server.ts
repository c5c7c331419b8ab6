import { data } from 'react-router';
import type { SeoMeta } from '@piste/content';
import { inRegion } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { entryUrl } from './editorial-path';
import type { SupportArticleView, SupportTopicView } from './editorial-view';
import { groupByTopic, toSupportArticle } from './support-view.server';

type SupportReads = LoadContextOf<'content'>;

export interface SupportArticleData {
  article: SupportArticleView;
  seo: SeoMeta | undefined;
}

/** `/support`: the region's articles by topic; a content failure gives no topics. */
export async function loadSupportList(context: SupportReads, localeState: LocaleState): Promise<SupportTopicView[]> {
  const articles = await context.services.content.client.supportArticles(
    localeState.contentLocale,
    localeState.ctsRegion,
  );
  return groupByTopic(articles);
}

/** `/support/{uid}`: the article whose url is `/{uid}`, 404 when missing or not for the visitor's region. */
export async function loadSupportArticle(
  context: SupportReads,
  localeState: LocaleState,
  uid: string,
): Promise<SupportArticleData> {
  const article = await context.services.content.client.supportArticle(localeState.contentLocale, entryUrl(uid));
  if (!article || inRegion([article], localeState.ctsRegion).length === 0) throw data(null, { status: 404 });
  return { article: toSupportArticle(article, localeState.locale), seo: article.seo_meta };
}
