import { describe, expect, it } from 'vitest';
import { consentParts } from './consent-text';

const link = { text: 'Datenschutzerklärung', href: '/privacy' };

describe('consentParts', () => {
  it('links the words that name the privacy policy, as the text writes them', () => {
    expect(consentParts('Details in unserer Datenschutzerklärung.', link)).toEqual({
      before: 'Details in unserer ',
      link: { text: 'Datenschutzerklärung', href: '/privacy' },
      after: '.',
    });
    expect(consentParts('See our Privacy Policy.', { text: 'privacy policy', href: '/privacy' }).link?.text).toBe(
      'Privacy Policy',
    );
  });

  it('puts the link after the text when the text does not contain the words', () => {
    expect(consentParts('Ich bin einverstanden.', link)).toEqual({
      before: 'Ich bin einverstanden. ',
      link,
      after: '',
    });
  });

  it('is the text alone without a privacy link', () => {
    expect(consentParts('I agree.', null)).toEqual({ before: 'I agree.', link: null, after: '' });
  });
});
