import { describe, expect, it } from 'vitest';
import { dataRequestPagePath, pagePathOf } from './data-request';

describe('dataRequestPagePath', () => {
  it('drops `.data`, and `_.data` after a trailing slash, as React Router does', () => {
    expect(dataRequestPagePath('/de-de/c/goggles.data')).toBe('/de-de/c/goggles');
    expect(dataRequestPagePath('/de-de/c/goggles/_.data')).toBe('/de-de/c/goggles/');
    expect(dataRequestPagePath('/_.data')).toBe('/');
    expect(dataRequestPagePath('/de-de.data')).toBe('/de-de');
  });

  it('reads `/_root.data` as the path `/_root`: with trailing-slash-aware requests the home is `/_.data`', () => {
    expect(dataRequestPagePath('/_root.data')).toBe('/_root');
  });

  it('is null for a page request', () => {
    expect(dataRequestPagePath('/')).toBeNull();
    expect(dataRequestPagePath('/de-de/c/goggles')).toBeNull();
    expect(dataRequestPagePath('/de-de/data')).toBeNull();
  });
});

describe('pagePathOf', () => {
  it("is a data request's page path, or the path itself", () => {
    expect(pagePathOf('/_.data')).toBe('/');
    expect(pagePathOf('/de-de/stores')).toBe('/de-de/stores');
  });
});
