/** The newsletter consent as the form shows it: its words, with the privacy policy's as a link. */
export interface ConsentParts {
  before: string;
  link: { text: string; href: string } | null;
  after: string;
}

/**
 * Splits the consent text around the words that name the privacy policy (the editor's
 * `privacy_link_text`), so those words link to the policy (GDPR: consent must be informed). When
 * the words are not in the text (a translation reworded it), the link follows the text instead
 * of being lost.
 */
export function consentParts(consentText: string, privacyLink: { text: string; href: string } | null): ConsentParts {
  if (!privacyLink) return { before: consentText, link: null, after: '' };
  const at = consentText.toLocaleLowerCase().indexOf(privacyLink.text.toLocaleLowerCase());
  if (at < 0) return { before: `${consentText} `, link: privacyLink, after: '' };
  return {
    before: consentText.slice(0, at),
    link: { text: consentText.slice(at, at + privacyLink.text.length), href: privacyLink.href },
    after: consentText.slice(at + privacyLink.text.length),
  };
}
