import { createHash } from 'node:crypto';
import { parseLocale } from '@piste/core';

/**
 * The page shown when a page cannot be rendered at all: the database is down (503), the
 * request failed before React Router could render its own error page (500), a form post was
 * too large to read (413), or the address held a card number (400, docs/checkout.md 'The card
 * guard'). It is static, so
 * it needs neither the database nor the content service (whose display texts live in the
 * database), and it names no detail of the failure.
 */
export type UnavailableKind = 'outage' | 'broken' | 'too-large' | 'card-refused';

interface Wording {
  heading: string;
  message: string;
}

/** The shop's languages with their own wording (German du, Spanish tú, Italian tu, French vous); others read English. */
const WORDING: Record<'en' | 'de' | 'fr' | 'es' | 'it', Record<UnavailableKind, Wording> & { home: string }> = {
  en: {
    outage: {
      heading: 'Back in a moment',
      message: 'The shop cannot load this page right now. Please try again in a moment.',
    },
    broken: {
      heading: 'Oops! Something Broke',
      message: 'Something went wrong on our side while loading this page. Please try again in a moment.',
    },
    'too-large': {
      heading: 'This form is too large',
      message: 'What you sent is more than the shop accepts in one form. Please go back, shorten it and send it again.',
    },
    'card-refused': {
      heading: 'This shop takes no card numbers',
      message:
        "Card numbers are never sent to this shop: type your card in the payment provider's card form. Please go back and remove it.",
    },
    home: 'Return to homepage',
  },
  de: {
    outage: {
      heading: 'Gleich wieder da',
      message: 'Der Shop kann diese Seite gerade nicht laden. Bitte versuche es gleich noch einmal.',
    },
    broken: {
      heading: 'Hoppla! Da ist etwas kaputtgegangen',
      message: 'Beim Laden dieser Seite ist bei uns etwas schiefgelaufen. Bitte versuche es gleich noch einmal.',
    },
    'too-large': {
      heading: 'Dieses Formular ist zu groß',
      message:
        'Du hast mehr gesendet, als der Shop in einem Formular annimmt. Bitte geh zurück, kürze es und sende es erneut.',
    },
    'card-refused': {
      heading: 'Dieser Shop nimmt keine Kartennummern an',
      message:
        'Kartennummern werden nie an diesen Shop gesendet: Gib deine Karte im Kartenformular des Zahlungsanbieters ein. Bitte geh zurück und entferne sie.',
    },
    home: 'Zur Startseite',
  },
  fr: {
    outage: {
      heading: 'De retour dans un instant',
      message: 'La boutique ne peut pas charger cette page pour le moment. Veuillez réessayer dans un instant.',
    },
    broken: {
      heading: 'Oups ! Quelque chose s’est cassé',
      message:
        'Un problème est survenu de notre côté lors du chargement de cette page. Veuillez réessayer dans un instant.',
    },
    'too-large': {
      heading: 'Ce formulaire est trop volumineux',
      message:
        'Vous avez envoyé plus que ce que la boutique accepte dans un formulaire. Veuillez revenir en arrière, le raccourcir et le renvoyer.',
    },
    'card-refused': {
      heading: 'Cette boutique ne reçoit aucun numéro de carte',
      message:
        'Les numéros de carte ne sont jamais envoyés à cette boutique : saisissez votre carte dans le formulaire de carte du prestataire de paiement. Veuillez revenir en arrière et le retirer.',
    },
    home: 'Retour à l’accueil',
  },
  es: {
    outage: {
      heading: 'Volvemos enseguida',
      message: 'La tienda no puede cargar esta página ahora mismo. Inténtalo de nuevo en un momento.',
    },
    broken: {
      heading: '¡Vaya! Algo se ha roto',
      message: 'Algo ha fallado por nuestra parte al cargar esta página. Inténtalo de nuevo en un momento.',
    },
    'too-large': {
      heading: 'Este formulario es demasiado grande',
      message:
        'Has enviado más de lo que la tienda acepta en un formulario. Vuelve atrás, acórtalo y envíalo de nuevo.',
    },
    'card-refused': {
      heading: 'Esta tienda no recibe números de tarjeta',
      message:
        'Los números de tarjeta nunca se envían a esta tienda: introduce tu tarjeta en el formulario de tarjeta del proveedor de pagos. Vuelve atrás y bórralo.',
    },
    home: 'Volver a la página de inicio',
  },
  it: {
    outage: {
      heading: 'Torniamo subito',
      message: 'Il negozio non riesce a caricare questa pagina in questo momento. Riprova tra un momento.',
    },
    broken: {
      heading: 'Ops! Qualcosa si è rotto',
      message:
        'Si è verificato un problema da parte nostra durante il caricamento della pagina. Riprova tra un momento.',
    },
    'too-large': {
      heading: 'Questo modulo è troppo grande',
      message:
        'Hai inviato più di quanto il negozio accetta in un modulo. Torna indietro, accorcialo e invialo di nuovo.',
    },
    'card-refused': {
      heading: 'Questo negozio non riceve numeri di carta',
      message:
        'I numeri di carta non vengono mai inviati a questo negozio: inserisci la tua carta nel modulo della carta del fornitore di pagamento. Torna indietro e rimuovilo.',
    },
    home: 'Torna alla home page',
  },
};

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0e1116;background:#f6f7f8}' +
  'main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.75rem;margin:0 0 .75rem}' +
  'a{color:#0e1116;font-weight:600}';

/** The page's only style, allowed by its hash: pages may load nothing else. */
export const UNAVAILABLE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The page for a request path, in the language its locale segment names (English otherwise). */
export function unavailablePage(kind: UnavailableKind, path: string): string {
  const segment = path.split(/[/?#]/)[1];
  const locale = parseLocale(segment);
  const language = locale && locale.language in WORDING ? (locale.language as keyof typeof WORDING) : 'en';
  const wording = WORDING[language][kind];
  const home = locale ? `/${locale.locale}` : '/';
  const homeLabel = WORDING[language].home;
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${wording.heading} | Piste</title><style>${STYLE}</style></head>`,
    `<body><main><h1>${wording.heading}</h1><p>${wording.message}</p>`,
    `<p><a href="${home}">${homeLabel}</a></p></main></body></html>`,
  ].join('');
}
