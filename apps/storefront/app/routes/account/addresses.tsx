import { useLocation } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { addressesAction } from '../../features/account/account-actions.server';
import { answerFor, FormErrorSummary, Notice } from '../../features/account/account-form';
import { accountHeaders } from '../../features/account/account-headers';
import { loadAddressesPage } from '../../features/account/account-pages.server';
import { AddressCard, AddressForm } from '../../features/account/address-book';
import styles from '../../features/account/account.module.css';
import { pageTitle } from '../../lib/brand';
import { translateFrom, useDisplayText } from '../../lib/display-text';
import type { Route } from './+types/addresses';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadAddressesPage(context, request, context.localeState);
}

export function action({ context, request }: Route.ActionArgs) {
  return addressesAction(context, request, context.localeState);
}

export const headers: Route.HeadersFunction = accountHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t('Addresses')) }, { name: 'robots', content: 'noindex' }];
};

/**
 * `/{lang}/account/addresses` (spec §2, behind the auth middleware): the address book. The
 * add and edit forms open on the page (`?add`, `?edit={id}`) and work without JavaScript.
 */
export default function AddressesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  const location = useLocation();
  const { notice, addresses, countries, states, defaultCountry } = loaderData;
  const answer = answerFor('address', actionData);
  // A refused form stays open with what was typed; otherwise the one the address asks for.
  const form =
    answer && Object.keys(answer.errors).length > 0
      ? { addressId: answer.addressId ?? null, values: answer.values }
      : loaderData.form;
  return (
    <div className={styles.page}>
      <header className={styles.panelHead}>
        <div>
          <p className={styles.eyebrow}>{t('Your account')}</p>
          <h1 className={styles.heading}>{t('Addresses')}</h1>
        </div>
        {form === null ? (
          <LocaleLink to="/account/addresses?add" className="button-primary">
            {t('Add an address')}
          </LocaleLink>
        ) : null}
      </header>
      <Notice notice={notice} />
      {/* A delete or default change that failed (the address was gone) has no form to stand above. */}
      {answer && form === null ? <FormErrorSummary form="address" answer={answer} /> : null}
      {form ? (
        <AddressForm
          key={location.key}
          addressId={form.addressId}
          values={form.values.country_code ? form.values : { ...form.values, country_code: defaultCountry }}
          countries={countries}
          states={states}
          answer={answer}
        />
      ) : null}
      {addresses.length > 0 ? (
        <ul className={styles.addressList} aria-label={t('Saved addresses')}>
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      ) : form === null ? (
        <p className={styles.muted}>{t('You have no saved addresses yet.')}</p>
      ) : null}
    </div>
  );
}
