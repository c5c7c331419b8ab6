import { createContext, useContext, type ReactNode } from 'react';

/** Where images come from (the server's load context `media`): the embedded `/media` or MEDIA_BASE_URL. */
export interface MediaConfig {
  baseUrl: string;
  alias: string;
}

const EMBEDDED: MediaConfig = { baseUrl: '/media', alias: 'piste' };
const MediaConfigContext = createContext<MediaConfig>(EMBEDDED);

/** Wrap the app once (with the root loader's `media`) so every `<Image>` builds URLs for it. */
export function MediaConfigProvider({ value, children }: { value: MediaConfig; children: ReactNode }) {
  return <MediaConfigContext.Provider value={value}>{children}</MediaConfigContext.Provider>;
}

export function useMediaConfig(): MediaConfig {
  return useContext(MediaConfigContext);
}
