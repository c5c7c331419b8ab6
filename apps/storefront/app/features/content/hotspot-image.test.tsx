import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { HotspotImage } from './hotspot-image';
import type { HotspotView } from './hotspot-view';

const hotspots: HotspotView[] = [
  {
    id: 'h1',
    type: 'manual',
    title: 'Wax day',
    description: '',
    point: { x: 0.5, y: 0.5 },
    imageId: null,
    priceText: null,
    cta: null,
  },
];

describe('HotspotImage on the server', () => {
  it('renders the image cropped around its point of interest, and no markers until the box is measured', () => {
    // No window or document here: rendering must not touch them.
    const element = (
      <HotspotImage
        image={{
          amplienceId: 'lodge-scene',
          alt: 'Riders at the lodge',
          width: 1600,
          height: 900,
          poi: { x: 0.4, y: 0.6 },
        }}
        hotspots={hotspots}
      />
    );
    // Under a root route, as in the app: its labels come from the root loader's display texts.
    const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => element, HydrateFallback: () => null }]);
    const html = renderToString(<Stub hydrationData={{ loaderData: { root: {} } }} />);
    expect(html).toMatch(/lodge-scene\?w=1440&amp;h=480&amp;sm=c&amp;poi=0.4,0.6&amp;scaleFit=poi&amp;/);
    expect(html).toContain('alt="Riders at the lodge"');
    expect(html).not.toContain('<button');
  });
});
