import { data } from 'react-router';

/**
 * Generic content page `/{lang}/{page}` (route id `lang-page`). Its entries come from the
 * content service; until that service is wired in there are no pages, so every uid is a 404.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ContentPage() {
  return null;
}
