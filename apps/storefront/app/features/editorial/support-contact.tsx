import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { useSiteChrome } from '../site-chrome/use-site-chrome';
import styles from './support-contact.module.css';

/**
 * 'Still need help?': the region's customer service from brand settings (already in the root
 * loader's site chrome, so no second read), and the dealers for help in person.
 */
export function SupportContact() {
  const t = useDisplayText();
  const contact = useSiteChrome()?.brand?.contact;
  return (
    <aside className={styles.contact} aria-labelledby="support-contact-heading">
      <h2 id="support-contact-heading" className={styles.heading}>
        {t('Still need help?')}
      </h2>
      {contact && (contact.phone || contact.email) ? (
        <dl className={styles.details}>
          {contact.phone ? (
            <div>
              <dt>{t('Phone')}</dt>
              <dd>
                <a href={contact.phone.href}>{contact.phone.label}</a>
              </dd>
            </div>
          ) : null}
          {contact.email ? (
            <div>
              <dt>{t('Email')}</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </div>
          ) : null}
          {contact.hours.length > 0 ? (
            <div>
              <dt>{t('Opening hours')}</dt>
              {contact.hours.map((slot) => (
                <dd key={slot.days}>
                  {slot.days}: {slot.opens}–{slot.closes}
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
      ) : null}
      <LocaleLink to="/stores" className="button-secondary">
        {t('Find a store')}
      </LocaleLink>
    </aside>
  );
}
