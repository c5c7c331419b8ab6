import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import styles from './search-ideas.module.css';

/** "Did you mean <goggles>?", the word a link to its own search; translations place it where their grammar needs it. */
export function DidYouMean({ suggestion }: { suggestion: string }) {
  const t = useDisplayText();
  const [before = '', after = ''] = t('Did you mean {suggestion}?').split('{suggestion}');
  return (
    <p className={styles.didYouMean}>
      {before}
      <LocaleLink to={`/search?${new URLSearchParams({ q: suggestion })}`}>{suggestion}</LocaleLink>
      {after}
    </p>
  );
}
