import { createContext, useContext } from 'react';

export interface InlineStylesheet {
  href: string;
  css: string;
}

const InlineStylesheetsContext = createContext<readonly InlineStylesheet[]>([]);

/** Given by the server render (entry.server.tsx) the build's stylesheets it read from disk. */
export const InlineStylesheetsProvider = InlineStylesheetsContext.Provider;

/**
 * The shop's stylesheet carried inline in <head>, so the first paint waits for no request
 * (docs/decisions/029-d-critical-css.md). A React style resource: React writes it ahead of the
 * scripts' module preloads, and the browser keeps it across client navigations; the browser's
 * own render has no text to give and draws nothing here.
 */
export function InlineStylesheets() {
  return useContext(InlineStylesheetsContext).map(({ href, css }) => (
    <style key={href} href={href} precedence="default">
      {css}
    </style>
  ));
}
