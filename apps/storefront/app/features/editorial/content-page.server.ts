import type { PageEntry, PageModule } from '@piste/content';
import { inRegion, resolvedReferences } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import { loadPageModules, type PageModuleReads } from '../content/page-modules.server';
import { loadRuleCopy } from '../content/rule-copy.server';
import { editorialHtml } from './editorial-html.server';
import type { ContentPageView } from './editorial-view';

async function toContentPage(
  context: PageModuleReads,
  localeState: LocaleState,
  page: PageEntry,
  modules: readonly PageModule[],
  contentHtml: string,
): Promise<ContentPageView> {
  const blocks = await loadPageModules(context, localeState, modules, page.locale);
  return {
    title: page.title,
    layout: page.layout === 'flush-banner' ? 'flush-banner' : 'default',
    contentHtml,
    modules: blocks.modules,
    currency: blocks.currency,
    language: localeState.language,
    seo: page.seo_meta,
  };
}

/**
 * The generic page (generic_page) at a url (`/about`, `/pro`), with its banners of the visitor's
 * region; null when there is none for the region, or the url is a landing page's.
 */
export async function loadGenericPage(
  context: PageModuleReads,
  localeState: LocaleState,
  url: string,
): Promise<ContentPageView | null> {
  const page = await context.services.content.client.pageByUrl(localeState.contentLocale, url);
  if (!page?.generic_page || inRegion([page], localeState.ctsRegion).length === 0) return null;
  const banners = inRegion(resolvedReferences(page.generic_page.banners), localeState.ctsRegion);
  // Banners go through the page-module builder, which looks up what they need (image sets, hotspots).
  const modules = banners.map((banner) => ({ banner: { banner: [banner] } }));
  const content = page.generic_page.content ?? '';
  // Copy that states a rule (the free-shipping thresholds of the shipping page) reads the rule.
  const fillRules = await loadRuleCopy(context, localeState, content);
  return toContentPage(context, localeState, page, modules, fillRules(editorialHtml(content, localeState.locale)));
}

/** The landing page (landing_page) at a url (`/backcountry-kit` for `/l/backcountry-kit`); null as above. */
export async function loadLandingPage(
  context: PageModuleReads,
  localeState: LocaleState,
  url: string,
): Promise<ContentPageView | null> {
  const page = await context.services.content.client.pageByUrl(localeState.contentLocale, url);
  if (!page?.landing_page || inRegion([page], localeState.ctsRegion).length === 0) return null;
  return toContentPage(context, localeState, page, page.landing_page.modules ?? [], '');
}
