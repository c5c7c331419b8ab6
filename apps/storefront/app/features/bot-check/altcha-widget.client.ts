/**
 * The ALTCHA widget, loaded only by forms that need it: the `external` build keeps its styles
 * and workers out of inline code, so the page's CSP needs nothing new (the worker is a
 * same-origin file Vite emits).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Registers the shop's wording of the widget under `language`. */
export function setWidgetStrings(language: string, strings: Record<string, string>): void {
  $altcha.i18n.set(language, strings);
}
