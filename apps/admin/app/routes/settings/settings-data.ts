import { useRouteLoaderData } from 'react-router';
import type { SettingsOverview } from '@piste/admin';
import { api } from '~/lib/api';

/** The settings frame's route id (React Router names a route by its file). */
export const SETTINGS_LAYOUT_ID = 'routes/settings/settings-layout';

/** What every settings page picks from: regions with their currencies, customer groups, and whether commerce is ours. */
export function useSettingsOverview(): SettingsOverview {
  const overview = useRouteLoaderData(SETTINGS_LAYOUT_ID) as SettingsOverview | undefined;
  return overview ?? { commerceSettings: false, regions: [], groups: [] };
}

export const loadOverview = (signal: AbortSignal) => api.get<SettingsOverview>('/settings', { signal });

const REGION_NAMES: Record<string, string> = {
  us: 'United States',
  ca: 'Canada',
  eu_region_1: 'Europe',
};

/** "Europe (EUR)": a price-list region as merchants know it, with the currency of its amounts. */
export function regionLabel(regionId: string, overview?: SettingsOverview): string {
  const currency = overview?.regions.find((region) => region.id === regionId)?.currencyCode;
  const name = REGION_NAMES[regionId] ?? regionId;
  return currency ? `${name} (${currency})` : name;
}

/** The currency of a region's settings amounts ('' before the overview loads). */
export function regionCurrency(regionId: string, overview: SettingsOverview): string {
  return overview.regions.find((region) => region.id === regionId)?.currencyCode ?? '';
}
