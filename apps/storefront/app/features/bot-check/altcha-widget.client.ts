/**
 * The ALTCHA widget, loaded only by forms that need it: the `external` build keeps its styles
 * and workers out of inline code, so the page's CSP needs nothing new (the worker is a
 * same-origin file Vite emits).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/**
 * One worker starts as the widget loads, so that its script downloads while the challenge is
 * fetched instead of after it: the first check waits one round trip less. The widget starts a
 * worker per core for each check and ends them when it is done; later ones start as it asks.
 */
let startedWorker: Worker | null = new Pbkdf2Worker();

$altcha.algorithms.set('PBKDF2/SHA-256', () => {
  const worker = startedWorker ?? new Pbkdf2Worker();
  startedWorker = null;
  return worker;
});

/** Registers the shop's wording of the widget under `language`. */
export function setWidgetStrings(language: string, strings: Record<string, string>): void {
  $altcha.i18n.set(language, strings);
}
