import type { ReactNode } from 'react';
import type { ShareNetworkName } from '../../lib/share-networks';
import icons from '../../components/header-icon.module.css';

/** Line glyphs in the header icons' stroke style; networks without one of their own get a globe. */
const GLYPHS: Partial<Record<ShareNetworkName | 'share' | 'link', ReactNode>> = {
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </>
  ),
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  facebook: <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V21M6 10.5h8" />,
  twitter: <path d="M4 4l16 16M20 4L4 20" />,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a3 3 0 0 1 6 0V17" />
    </>
  ),
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5L12 13l8.5-6.5" />
    </>
  ),
  whatsapp: <path d="M4 20l1.3-4.2A8 8 0 1 1 8.4 19z" />,
  telegram: <path d="M21 4L3 11l6.5 2.2L12 20l3.2-4.4L19.5 19zM9.5 13.2L21 4" />,
  reddit: (
    <>
      <ellipse cx="12" cy="14.5" rx="7.5" ry="5" />
      <path d="M12 9.5l1.2-5 4 1M9.5 16.5c1.5 1 3.5 1 5 0" />
      <circle cx="18.5" cy="5.5" r="1.2" />
    </>
  ),
  pinterest: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M11.2 8.5L8.5 21M9.8 14.2a3.6 3.6 0 1 0 1.4-5.7" />
    </>
  ),
  sms: <path d="M4 5h16v11H9.5L5 19.5V16H4z" />,
};

const GLOBE = (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>
);

export function ShareIcon({ name }: { name: ShareNetworkName | 'share' | 'link' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={icons.icon}>
      {GLYPHS[name] ?? GLOBE}
    </svg>
  );
}
