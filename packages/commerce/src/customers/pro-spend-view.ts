import { formatCurrency, type CurrencyFormat } from '@piste/core';
import type { ProOrderTotalDto } from './customer-contract';

/**
 * A pro's spend this period against their limit (spec §3: proCurrentSpend, brandSpendLimit),
 * written as the header's account menu and the pro pages show it. Built on the server, by the
 * storefront for signed-in pages and by `/api/shopper` for shared ones, so both read the same.
 */
export interface ProSpendView {
  /** Whole percent of the limit spent, 0–100, for the bar. */
  percent: number;
  spentText: string;
  limitText: string;
  leftText: string;
  /** The limit is reached: the next pro order will be refused. */
  reached: boolean;
  /** The year the spend counts in (the programme year is the calendar year). */
  year: number;
}

/** The page's currency as the region writes it (spec §3 currency fields). */
export type PageCurrency = Partial<CurrencyFormat> & { currency_code: string };

/** The spend bar's share and what is left; a limit of 0 or less is reached at once. */
export function spendProgress(spent: number, limit: number): { percent: number; left: number; reached: boolean } {
  const safeSpent = Math.max(0, spent);
  if (!(limit > 0)) return { percent: 100, left: 0, reached: true };
  const percent = Math.min(100, Math.max(0, Math.floor((safeSpent / limit) * 100)));
  const left = Math.max(0, Math.round((limit - safeSpent) * 100) / 100);
  return { percent, left, reached: left === 0 };
}

/** The spend written in `locale`; null where the pro's region counts no spend (Norway has no shop of its own). */
export function proSpendView(
  total: ProOrderTotalDto,
  locale: string,
  pageCurrency: PageCurrency | undefined,
): ProSpendView | null {
  if (total.currency_code === null) return null;
  const money = moneyFormatter(total.currency_code, locale, pageCurrency);
  const progress = spendProgress(total.order_total, total.spend_limit);
  return {
    percent: progress.percent,
    spentText: money(total.order_total),
    limitText: money(total.spend_limit),
    leftText: money(progress.left),
    reached: progress.reached,
    year: new Date(total.period_start).getUTCFullYear(),
  };
}

/**
 * The shop's own currency format (spec §3) written in the page's locale when the spend is in the
 * page's currency; the locale's format of the spend's currency otherwise.
 */
function moneyFormatter(
  currencyCode: string,
  locale: string,
  pageCurrency: PageCurrency | undefined,
): (amount: number) => string {
  if (pageCurrency && pageCurrency.currency_code === currencyCode) {
    return (amount) => formatCurrency(amount, { ...pageCurrency, locale });
  }
  const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode });
  return (amount) => intl.format(amount);
}
