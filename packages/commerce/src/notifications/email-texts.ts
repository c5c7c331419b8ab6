import { formatMessage, type MessageValues } from '@piste/core';

/**
 * The emails' wording per language (docs/email.md 'Languages'). The shop's pages read their
 * wording from display texts in the content service; emails are written by the commerce engine
 * inside the transaction of the change, which must not wait on another service, so their texts
 * live here. Placeholders and plurals use the display texts' syntax (`formatMessage`).
 */
const EN = {
  greetingNamed: 'Hi {name},',
  greeting: 'Hello,',
  orOpenLink: 'Or open this link:',
  footer: 'snow and outdoor gear',
  resetSubject: 'Reset your Piste password',
  resetAsked: 'Someone (hopefully you) asked to reset the password of your Piste account.',
  resetChooseHere: 'Choose a new password here:',
  resetButton: 'Choose a new password',
  resetExpiry:
    '{minutes, plural, one {The link works once, for # minute.} other {The link works once, for # minutes.}}',
  resetIgnore: 'If you did not ask for it, ignore this email: your password stays as it is.',
  welcomeSubject: 'Welcome to Piste',
  welcomeReady: 'Your Piste account is ready.',
  welcomePro:
    'Your trade (pro) account is set up: signed in, you see your group prices at checkout and throughout the shop.',
  welcomeRegular: 'Signed in, you check out faster with your saved addresses and can follow your orders.',
  welcomeYourAccount: 'Your account:',
  welcomeButton: 'Go to your account',
  orderSubject: 'Your Piste order {orderId}',
  orderThanks: 'Thank you for your order. We have received order {orderId} and will let you know when it ships.',
  subtotal: 'Subtotal',
  discountCode: 'Discount ({code})',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  orderFollow: 'Follow your order:',
  orderButton: 'View your order',
  shippedSubject: 'Your Piste order {orderId} is on its way',
  shippedBody: 'Good news: order {orderId} has shipped.',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  cancelledSubject: 'Your Piste order {orderId} has been cancelled',
  cancelledBody: 'Order {orderId} has been cancelled and will not ship.',
  cancelledMoney: 'The {amount} you paid goes back to your card; your bank may take a few days to show it.',
};

export type EmailTextKey = keyof typeof EN;
type EmailTextSet = Record<EmailTextKey, string>;

const DE: EmailTextSet = {
  greetingNamed: 'Hallo {name},',
  greeting: 'Hallo,',
  orOpenLink: 'Oder öffne diesen Link:',
  footer: 'Ausrüstung für Schnee und Berg',
  resetSubject: 'Setze dein Piste-Passwort zurück',
  resetAsked: 'Jemand (hoffentlich du) hat verlangt, das Passwort deines Piste-Kontos zurückzusetzen.',
  resetChooseHere: 'Wähle hier ein neues Passwort:',
  resetButton: 'Neues Passwort wählen',
  resetExpiry:
    '{minutes, plural, one {Der Link funktioniert einmal, # Minute lang.} other {Der Link funktioniert einmal, # Minuten lang.}}',
  resetIgnore: 'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  welcomeSubject: 'Willkommen bei Piste',
  welcomeReady: 'Dein Piste-Konto ist bereit.',
  welcomePro:
    'Dein Händlerkonto (Pro) ist eingerichtet: Angemeldet siehst du deine Gruppenpreise im ganzen Shop und an der Kasse.',
  welcomeRegular:
    'Angemeldet bestellst du schneller mit deinen gespeicherten Adressen und kannst deine Bestellungen verfolgen.',
  welcomeYourAccount: 'Dein Konto:',
  welcomeButton: 'Zu deinem Konto',
  orderSubject: 'Deine Piste-Bestellung {orderId}',
  orderThanks:
    'Danke für deine Bestellung. Wir haben die Bestellung {orderId} erhalten und sagen dir Bescheid, sobald sie verschickt wird.',
  subtotal: 'Zwischensumme',
  discountCode: 'Rabatt ({code})',
  shipping: 'Versand',
  tax: 'Steuer',
  total: 'Gesamtsumme',
  orderFollow: 'Verfolge deine Bestellung:',
  orderButton: 'Bestellung ansehen',
  shippedSubject: 'Deine Piste-Bestellung {orderId} ist unterwegs',
  shippedBody: 'Gute Nachricht: Die Bestellung {orderId} wurde verschickt.',
  carrier: 'Versanddienst',
  trackingNumber: 'Sendungsnummer',
  cancelledSubject: 'Deine Piste-Bestellung {orderId} wurde storniert',
  cancelledBody: 'Die Bestellung {orderId} wurde storniert und wird nicht verschickt.',
  cancelledMoney:
    'Die {amount}, die du bezahlt hast, gehen zurück auf deine Karte; deine Bank zeigt sie vielleicht erst nach ein paar Tagen an.',
};

const FR: EmailTextSet = {
  greetingNamed: 'Bonjour {name},',
  greeting: 'Bonjour,',
  orOpenLink: 'Ou ouvrez ce lien :',
  footer: 'équipement de neige et de montagne',
  resetSubject: 'Réinitialisez votre mot de passe Piste',
  resetAsked: 'Quelqu’un (vous, nous l’espérons) a demandé la réinitialisation du mot de passe de votre compte Piste.',
  resetChooseHere: 'Choisissez un nouveau mot de passe ici :',
  resetButton: 'Choisir un nouveau mot de passe',
  resetExpiry:
    '{minutes, plural, one {Le lien ne fonctionne qu’une fois, pendant # minute.} other {Le lien ne fonctionne qu’une fois, pendant # minutes.}}',
  resetIgnore:
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  welcomeSubject: 'Bienvenue chez Piste',
  welcomeReady: 'Votre compte Piste est prêt.',
  welcomePro:
    'Votre compte professionnel (pro) est prêt : une fois connecté, vous voyez les prix de votre groupe dans toute la boutique et au paiement.',
  welcomeRegular:
    'Une fois connecté, vous commandez plus vite grâce à vos adresses enregistrées et pouvez suivre vos commandes.',
  welcomeYourAccount: 'Votre compte :',
  welcomeButton: 'Accéder à votre compte',
  orderSubject: 'Votre commande Piste {orderId}',
  orderThanks:
    'Merci pour votre commande. Nous avons bien reçu la commande {orderId} et vous préviendrons dès son expédition.',
  subtotal: 'Sous-total',
  discountCode: 'Remise ({code})',
  shipping: 'Livraison',
  tax: 'Taxes',
  total: 'Total',
  orderFollow: 'Suivez votre commande :',
  orderButton: 'Voir votre commande',
  shippedSubject: 'Votre commande Piste {orderId} est en route',
  shippedBody: 'Bonne nouvelle : la commande {orderId} a été expédiée.',
  carrier: 'Transporteur',
  trackingNumber: 'Numéro de suivi',
  cancelledSubject: 'Votre commande Piste {orderId} a été annulée',
  cancelledBody: 'La commande {orderId} a été annulée et ne sera pas expédiée.',
  cancelledMoney:
    'Les {amount} payés sont reversés sur votre carte ; votre banque peut mettre quelques jours à les afficher.',
};

const ES: EmailTextSet = {
  greetingNamed: 'Hola, {name}:',
  greeting: 'Hola:',
  orOpenLink: 'O abre este enlace:',
  footer: 'equipo para la nieve y la montaña',
  resetSubject: 'Restablece tu contraseña de Piste',
  resetAsked: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Piste.',
  resetChooseHere: 'Elige una contraseña nueva aquí:',
  resetButton: 'Elegir una contraseña nueva',
  resetExpiry:
    '{minutes, plural, one {El enlace funciona una sola vez, durante # minuto.} other {El enlace funciona una sola vez, durante # minutos.}}',
  resetIgnore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  welcomeSubject: 'Te damos la bienvenida a Piste',
  welcomeReady: 'Tu cuenta de Piste está lista.',
  welcomePro:
    'Tu cuenta profesional (pro) está configurada: con la sesión iniciada, ves los precios de tu grupo en toda la tienda y al pagar.',
  welcomeRegular: 'Con la sesión iniciada, pagas más rápido con tus direcciones guardadas y puedes seguir tus pedidos.',
  welcomeYourAccount: 'Tu cuenta:',
  welcomeButton: 'Ir a tu cuenta',
  orderSubject: 'Tu pedido de Piste {orderId}',
  orderThanks: 'Gracias por tu pedido. Hemos recibido el pedido {orderId} y te avisaremos cuando salga.',
  subtotal: 'Subtotal',
  discountCode: 'Descuento ({code})',
  shipping: 'Envío',
  tax: 'Impuestos',
  total: 'Total',
  orderFollow: 'Sigue tu pedido:',
  orderButton: 'Ver tu pedido',
  shippedSubject: 'Tu pedido de Piste {orderId} está en camino',
  shippedBody: 'Buenas noticias: el pedido {orderId} ha salido.',
  carrier: 'Transportista',
  trackingNumber: 'Número de seguimiento',
  cancelledSubject: 'Tu pedido de Piste {orderId} ha sido cancelado',
  cancelledBody: 'El pedido {orderId} ha sido cancelado y no se enviará.',
  cancelledMoney: 'Los {amount} que pagaste vuelven a tu tarjeta; tu banco puede tardar unos días en mostrarlo.',
};

const IT: EmailTextSet = {
  greetingNamed: 'Ciao {name},',
  greeting: 'Ciao,',
  orOpenLink: 'Oppure apri questo link:',
  footer: 'attrezzatura per la neve e la montagna',
  resetSubject: 'Reimposta la password di Piste',
  resetAsked: 'Qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account Piste.',
  resetChooseHere: 'Scegli una nuova password qui:',
  resetButton: 'Scegli una nuova password',
  resetExpiry:
    '{minutes, plural, one {Il link funziona una sola volta, per # minuto.} other {Il link funziona una sola volta, per # minuti.}}',
  resetIgnore: 'Se non sei stato tu a chiederlo, ignora questa email: la tua password resta invariata.',
  welcomeSubject: 'Benvenuto in Piste',
  welcomeReady: 'Il tuo account Piste è pronto.',
  welcomePro:
    'Il tuo account professionale (pro) è attivo: dopo l’accesso vedi i prezzi del tuo gruppo in tutto il negozio e alla cassa.',
  welcomeRegular: 'Dopo l’accesso paghi più in fretta con i tuoi indirizzi salvati e puoi seguire i tuoi ordini.',
  welcomeYourAccount: 'Il tuo account:',
  welcomeButton: 'Vai al tuo account',
  orderSubject: 'Il tuo ordine Piste {orderId}',
  orderThanks: 'Grazie per il tuo ordine. Abbiamo ricevuto l’ordine {orderId} e ti avviseremo quando verrà spedito.',
  subtotal: 'Subtotale',
  discountCode: 'Sconto ({code})',
  shipping: 'Spedizione',
  tax: 'Imposte',
  total: 'Totale',
  orderFollow: 'Segui il tuo ordine:',
  orderButton: 'Vedi il tuo ordine',
  shippedSubject: 'Il tuo ordine Piste {orderId} è in viaggio',
  shippedBody: 'Buone notizie: l’ordine {orderId} è stato spedito.',
  carrier: 'Corriere',
  trackingNumber: 'Numero di tracciamento',
  cancelledSubject: 'Il tuo ordine Piste {orderId} è stato annullato',
  cancelledBody: 'L’ordine {orderId} è stato annullato e non verrà spedito.',
  cancelledMoney:
    'I {amount} che hai pagato tornano sulla tua carta; la tua banca potrebbe impiegare qualche giorno a mostrarli.',
};

const BY_LANGUAGE: Record<string, EmailTextSet> = { en: EN, de: DE, fr: FR, es: ES, it: IT };

/** The emails' words for a shop locale (`de-de`, `fr-ca`): its language's, else English. */
export function emailTextsFor(locale: string): {
  language: string;
  text: (key: EmailTextKey, values?: MessageValues) => string;
} {
  const wanted = locale.trim().toLowerCase().split('-')[0] ?? '';
  const language = wanted in BY_LANGUAGE ? wanted : 'en';
  const texts = BY_LANGUAGE[language]!;
  return { language, text: (key, values = {}) => formatMessage(texts[key], values, language) };
}
