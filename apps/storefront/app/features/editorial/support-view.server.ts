import type { SupportEntry } from '@piste/content';
import { editorialHtml } from './editorial-html.server';
import { editorialPath } from './editorial-path';
import type { SupportArticleView, SupportTopicView } from './editorial-view';

/**
 * Articles grouped by topic, topics and articles in the order the content service gives them.
 * Articles without a topic share the topic '' (the page names it).
 */
export function groupByTopic(articles: readonly SupportEntry[]): SupportTopicView[] {
  const topics = new Map<string, SupportTopicView>();
  for (const article of articles) {
    const topic = article.topic?.trim() ?? '';
    const group = topics.get(topic) ?? { topic, articles: [] };
    group.articles.push({
      uid: article.uid,
      title: article.title,
      summary: article.summary ?? '',
      path: editorialPath('support', article.url),
    });
    topics.set(topic, group);
  }
  return [...topics.values()];
}

export function toSupportArticle(article: SupportEntry, locale: string): SupportArticleView {
  return {
    title: article.title,
    topic: article.topic ?? '',
    summary: article.summary ?? '',
    bodyHtml: editorialHtml(article.body ?? '', locale),
  };
}
