/**
 * The test payment provider's own words, in the shop's five languages. Its pages live on the
 * provider's origin, not the storefront's, so they cannot read the shop's display texts: like a
 * hosted provider's card form, they take the shopper's locale (`?locale=de-de`) and speak it.
 */
export interface TestPaymentsStrings {
  cardDetails: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  holderName: string;
  checkNumber: string;
  checkExpiry: string;
  expired: string;
  checkCvc: string;
  enterName: string;
  paying: string;
  unreachable: string;
  challengeTitle: string;
  challengeText: string;
  complete: string;
  fail: string;
  passed: string;
  failed: string;
  expiredChallenge: string;
}

const en: TestPaymentsStrings = {
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  expiry: 'Expiry date (MM/YY)',
  cvc: 'Security code (CVC)',
  holderName: 'Name on card',
  checkNumber: 'Check the card number.',
  checkExpiry: 'Enter the expiry date as MM/YY.',
  expired: 'Your card has expired.',
  checkCvc: 'Check the security code.',
  enterName: 'Enter the name on the card.',
  paying: 'Paying {amount}…',
  unreachable: 'The payment service could not be reached. Try again.',
  challengeTitle: 'Confirm your payment',
  challengeText: 'Your bank asks you to confirm this payment of {amount}.',
  complete: 'Complete',
  fail: 'Fail',
  passed: 'Payment confirmed.',
  failed: 'The payment was not confirmed.',
  expiredChallenge: 'This confirmation is no longer open.',
};

const de: TestPaymentsStrings = {
  cardDetails: 'Kartendaten',
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum (MM/JJ)',
  cvc: 'Sicherheitscode (CVC)',
  holderName: 'Name auf der Karte',
  checkNumber: 'Prüfe die Kartennummer.',
  checkExpiry: 'Gib das Ablaufdatum als MM/JJ ein.',
  expired: 'Deine Karte ist abgelaufen.',
  checkCvc: 'Prüfe den Sicherheitscode.',
  enterName: 'Gib den Namen auf der Karte ein.',
  paying: '{amount} wird bezahlt …',
  unreachable: 'Der Zahlungsdienst war nicht erreichbar. Versuche es noch einmal.',
  challengeTitle: 'Zahlung bestätigen',
  challengeText: 'Deine Bank bittet dich, diese Zahlung über {amount} zu bestätigen.',
  complete: 'Bestätigen',
  fail: 'Ablehnen',
  passed: 'Zahlung bestätigt.',
  failed: 'Die Zahlung wurde nicht bestätigt.',
  expiredChallenge: 'Diese Bestätigung ist nicht mehr offen.',
};

const fr: TestPaymentsStrings = {
  cardDetails: 'Informations de carte',
  cardNumber: 'Numéro de carte',
  expiry: "Date d'expiration (MM/AA)",
  cvc: 'Code de sécurité (CVC)',
  holderName: 'Nom sur la carte',
  checkNumber: 'Vérifiez le numéro de carte.',
  checkExpiry: "Saisissez la date d'expiration au format MM/AA.",
  expired: 'Votre carte a expiré.',
  checkCvc: 'Vérifiez le code de sécurité.',
  enterName: 'Saisissez le nom figurant sur la carte.',
  paying: 'Paiement de {amount}…',
  unreachable: "Le service de paiement n'a pas pu être joint. Réessayez.",
  challengeTitle: 'Confirmez votre paiement',
  challengeText: 'Votre banque vous demande de confirmer ce paiement de {amount}.',
  complete: 'Confirmer',
  fail: 'Refuser',
  passed: 'Paiement confirmé.',
  failed: "Le paiement n'a pas été confirmé.",
  expiredChallenge: "Cette confirmation n'est plus ouverte.",
};

const es: TestPaymentsStrings = {
  cardDetails: 'Datos de la tarjeta',
  cardNumber: 'Número de tarjeta',
  expiry: 'Fecha de caducidad (MM/AA)',
  cvc: 'Código de seguridad (CVC)',
  holderName: 'Nombre en la tarjeta',
  checkNumber: 'Revisa el número de tarjeta.',
  checkExpiry: 'Introduce la fecha de caducidad como MM/AA.',
  expired: 'Tu tarjeta ha caducado.',
  checkCvc: 'Revisa el código de seguridad.',
  enterName: 'Introduce el nombre que figura en la tarjeta.',
  paying: 'Pagando {amount}…',
  unreachable: 'No se pudo contactar con el servicio de pago. Inténtalo de nuevo.',
  challengeTitle: 'Confirma tu pago',
  challengeText: 'Tu banco te pide que confirmes este pago de {amount}.',
  complete: 'Confirmar',
  fail: 'Rechazar',
  passed: 'Pago confirmado.',
  failed: 'El pago no se ha confirmado.',
  expiredChallenge: 'Esta confirmación ya no está abierta.',
};

const it: TestPaymentsStrings = {
  cardDetails: 'Dati della carta',
  cardNumber: 'Numero della carta',
  expiry: 'Data di scadenza (MM/AA)',
  cvc: 'Codice di sicurezza (CVC)',
  holderName: 'Nome sulla carta',
  checkNumber: 'Controlla il numero della carta.',
  checkExpiry: 'Inserisci la data di scadenza come MM/AA.',
  expired: 'La tua carta è scaduta.',
  checkCvc: 'Controlla il codice di sicurezza.',
  enterName: 'Inserisci il nome sulla carta.',
  paying: 'Pagamento di {amount}…',
  unreachable: 'Il servizio di pagamento non è raggiungibile. Riprova.',
  challengeTitle: 'Conferma il pagamento',
  challengeText: 'La tua banca ti chiede di confermare questo pagamento di {amount}.',
  complete: 'Conferma',
  fail: 'Rifiuta',
  passed: 'Pagamento confermato.',
  failed: 'Il pagamento non è stato confermato.',
  expiredChallenge: 'Questa conferma non è più aperta.',
};

const BY_LANGUAGE: Readonly<Record<string, TestPaymentsStrings>> = { en, de, fr, es, it };

/** A locale as the shop writes it (`de-de`, `en-us`); anything else reads as English. */
export function localeOf(value: unknown): string {
  return typeof value === 'string' && /^[a-z]{2}-[a-z]{2}$/.test(value) ? value : 'en-us';
}

export function stringsFor(locale: string): TestPaymentsStrings {
  return BY_LANGUAGE[locale.slice(0, 2)] ?? en;
}

/** An amount in minor units as the shopper reads it in their locale (`1.234,50 €`). */
export function formatMinor(amountMinor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
