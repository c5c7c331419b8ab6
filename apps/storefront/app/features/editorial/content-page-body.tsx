import { PageIntro } from '../../components/page-intro';
import type { PageLayoutName, RouteHandle } from '../../lib/page-layout';
import { PageModules } from '../content/page-modules';
import { RichText } from '../content/rich-text';
import type { ContentPageView } from './editorial-view';
import styles from './content-page-body.module.css';

/** The layout of a route whose loader returns `{ page }`: the one the page's entry names. */
export const contentPageHandle: RouteHandle = {
  layout: (data) => (data as { page?: { layout: PageLayoutName } | null } | undefined)?.page?.layout,
};

/**
 * A generic or landing page. Default layout: the title, the banners or blocks, the rich text.
 * flush-banner: the banners or blocks first, flush under the header; a page without text of its
 * own (a landing page) still names itself with a heading for assistive technology.
 */
export function ContentPageBody({ page }: { page: ContentPageView }) {
  const modules =
    page.modules.length > 0 ? (
      <PageModules modules={page.modules} currency={page.currency} language={page.language} />
    ) : null;
  const text = page.contentHtml ? <RichText html={page.contentHtml} className={styles.text} /> : null;
  if (page.layout === 'default') {
    return (
      <article>
        <PageIntro title={page.title} />
        {modules}
        {text}
      </article>
    );
  }
  if (!text) {
    return (
      <article>
        <h1 className={styles.visuallyHidden}>{page.title}</h1>
        {modules}
      </article>
    );
  }
  return (
    <article>
      {modules}
      <div className={styles.column}>
        <PageIntro title={page.title} />
        {text}
      </div>
    </article>
  );
}
