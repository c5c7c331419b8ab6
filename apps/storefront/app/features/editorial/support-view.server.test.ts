import { describe, expect, it } from 'vitest';
import { supportEntry } from '../../../test/editorial-fixtures';
import { groupByTopic, toSupportArticle } from './support-view.server';

describe('groupByTopic', () => {
  it('groups articles by topic in the order they come, each linked under /support', () => {
    const topics = groupByTopic([
      supportEntry('shipping-times', 'Orders & shipping'),
      supportEntry('returns', 'Returns'),
      supportEntry('order-tracking', 'Orders & shipping'),
    ]);
    expect(topics.map((group) => [group.topic, group.articles.map((article) => article.path)])).toEqual([
      ['Orders & shipping', ['/support/shipping-times', '/support/order-tracking']],
      ['Returns', ['/support/returns']],
    ]);
  });

  it('puts articles without a topic together under the empty topic', () => {
    const topics = groupByTopic([supportEntry('a', ' '), supportEntry('b', '')]);
    expect(topics).toHaveLength(1);
    expect(topics[0]!.topic).toBe('');
  });

  it('is empty without articles', () => {
    expect(groupByTopic([])).toEqual([]);
  });
});

describe('toSupportArticle', () => {
  it('sanitizes the body and puts its shop links under the locale', () => {
    const article = toSupportArticle(
      supportEntry('returns', 'Returns', {
        body: '<p>Free <a href="javascript:alert(1)">returns</a>, or a <a href="/support/warranty-claims">claim</a></p>',
      }),
      'de-de',
    );
    expect(article.bodyHtml).toBe(
      '<p>Free <a>returns</a>, or a <a href="/de-de/support/warranty-claims">claim</a></p>',
    );
  });
});
