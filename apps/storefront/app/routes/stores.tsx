import { useLocation, useNavigation } from 'react-router';
import { LocaleLink } from '../components/locale-link';
import { PageIntro } from '../components/page-intro';
import { StoreCard } from '../features/stores/store-card';
import { StoreMap, type StoreMarker } from '../features/stores/store-map';
import { StoreSearchForm } from '../features/stores/store-search-form';
import { loadStoresPage } from '../features/stores/stores-page.server';
import { pageTitle } from '../lib/brand';
import { translateFrom, useDisplayText } from '../lib/display-text';
import styles from './stores.module.css';
import type { Route } from './+types/stores';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return loadStoresPage(context, localeState, new URL(request.url).searchParams);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [
    { title: pageTitle(t('Find a store')) },
    { name: 'description', content: t('Piste dealers and partner shops near you.') },
  ];
};

/**
 * Spec §1 'dealer/store locator page', §2 `/{lang}/stores`: the region's dealers near a
 * postcode or town (`?q=`) or sorted by distance from the shopper (`?lat=&lng=`), both kept in the URL
 * so a result can be shared and reloaded, and the search works without JavaScript. A map
 * shows only when a tile server is configured.
 */
export default function StoresPage({ loaderData }: Route.ComponentProps) {
  const { query, origin, placeFound, invalidLocation, stores, totalInRegion, mapTileUrl } = loaderData;
  const t = useDisplayText();
  const navigation = useNavigation();
  const location = useLocation();
  // A new search or position on this page: the list is about to change.
  const searching = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const markers: StoreMarker[] = stores.flatMap((store, index) =>
    store.location ? [{ uid: store.uid, title: store.title, location: store.location, number: index + 1 }] : [],
  );
  const showMap = mapTileUrl !== null && markers.length > 0;
  const heading = origin
    ? t('Near me')
    : placeFound
      ? t('Stores near “{query}”', { query })
      : query
        ? t('Stores for “{query}”', { query })
        : t('All stores');
  const searchedHere = query !== '' && totalInRegion > 0;

  return (
    <>
      <PageIntro eyebrow={t('Stores')} title={t('Find a store')}>
        {t('Piste dealers and partner shops near you.')}
      </PageIntro>
      <StoreSearchForm query={query} />
      {invalidLocation ? (
        <p className={styles.notice} role="status">
          {t('That location could not be read, so the stores are listed in their usual order.')}
        </p>
      ) : null}
      <section aria-labelledby="stores-heading" aria-busy={searching} className={styles.results}>
        {stores.length === 0 ? (
          <div className={styles.empty}>
            <h2 id="stores-heading">
              {searchedHere ? t('No stores near “{query}”', { query }) : t('No stores found')}
            </h2>
            <p>
              {!searchedHere
                ? t('There are no dealers listed for your country yet.')
                : placeFound
                  ? t('No dealer is close to it yet. The full list shows every dealer in your country.')
                  : t('We could not find that place. Check the spelling, or try a town or a postcode.')}
            </p>
            {searchedHere ? (
              <LocaleLink to="/stores" className="button-secondary">
                {t('Show all stores')}
              </LocaleLink>
            ) : null}
          </div>
        ) : (
          <>
            <div className={styles.resultsHeader}>
              <h2 id="stores-heading" className={styles.heading}>
                {heading}
              </h2>
              <p className={styles.count}>
                {t('{count, plural, one {# store} other {# stores}}', { count: stores.length })}
                {origin || placeFound ? ` · ${t('nearest first')}` : ''}
              </p>
              {query || origin ? (
                <LocaleLink to="/stores" className={styles.clear}>
                  {t('Show all stores')}
                </LocaleLink>
              ) : null}
            </div>
            <div className={showMap ? styles.withMap : undefined}>
              <ol className={styles.list}>
                {stores.map((store, index) => (
                  <li key={store.uid}>
                    <StoreCard store={store} number={showMap && store.location ? index + 1 : undefined} />
                  </li>
                ))}
              </ol>
              {showMap ? (
                <div className={styles.mapColumn}>
                  <StoreMap tileTemplate={mapTileUrl} markers={markers} />
                </div>
              ) : null}
            </div>
          </>
        )}
      </section>
    </>
  );
}
