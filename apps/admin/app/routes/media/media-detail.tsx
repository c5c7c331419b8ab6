import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { MediaAssetDetail } from '@piste/admin';
import type { Route } from './+types/media-detail';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import styles from './media.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  return api.get<MediaAssetDetail>(`/media/${params.id}`, { signal: request.signal });
}

const round = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/**
 * One original: its renditions as the shop asks for them, and its focal point, set by clicking
 * on the image (or moved with the arrow keys); renditions that crop keep that point in view.
 */
export default function MediaDetail({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const [asset, setAsset] = useState(loaderData);
  const [busy, setBusy] = useState(false);
  const focal = { x: asset.focalX ?? 0.5, y: asset.focalY ?? 0.5 };
  const writable = can('media:write');

  const save = async (point: { focalX: number | null; focalY: number | null }) => {
    setBusy(true);
    try {
      setAsset(await api.patch<MediaAssetDetail>(`/media/${asset.id}`, point));
      toast.success(point.focalX === null ? 'Focal point reset to the centre' : 'Focal point saved');
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast.error(Object.values(error.fields ?? {})[0] ?? error.message);
    } finally {
      setBusy(false);
    }
  };

  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!writable || busy) return;
    const box = event.currentTarget.getBoundingClientRect();
    void save({
      focalX: round((event.clientX - box.left) / box.width),
      focalY: round((event.clientY - box.top) / box.height),
    });
  };

  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move || !writable || busy) return;
    event.preventDefault();
    void save({ focalX: round(focal.x + move[0]), focalY: round(focal.y + move[1]) });
  };

  return (
    <>
      <PageHeader
        title={asset.fileName}
        description={`${asset.id} · ${asset.width}×${asset.height} · ${asset.contentType} · uploaded by ${asset.actor}`}
        back={{ to: '/media', label: 'Media' }}
        actions={
          writable && asset.focalX !== null ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void save({ focalX: null, focalY: null })}
            >
              Reset focal point
            </button>
          ) : undefined
        }
      />
      <Panel title="Focal point">
        <p className="muted">
          {writable
            ? 'Click on the image where its subject is, or focus the marker and use the arrow keys (Shift: larger steps).'
            : 'Crops keep this point in view.'}{' '}
          Now: {asset.focalX === null ? 'the centre' : `${percent(focal.x)} across, ${percent(focal.y)} down`}.
        </p>
        {/* The marker button is the keyboard way to the same action; the click on the image is a pointer shortcut. */}
        <div className={styles.focal} onClick={place} data-testid="focal-image">
          <img src={asset.imageUrl} alt={asset.fileName} draggable={false} />
          <button
            type="button"
            className={styles.marker}
            style={{ left: percent(focal.x), top: percent(focal.y) }}
            aria-label={`Focal point at ${percent(focal.x)} across and ${percent(focal.y)} down`}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={nudge}
            disabled={!writable}
          />
        </div>
      </Panel>
      <Panel title="Renditions">
        <div className={styles.renditions}>
          {asset.renditions.map((rendition) => (
            <figure key={rendition.label}>
              <img src={rendition.url} alt="" width={rendition.width} height={rendition.height} loading="lazy" />
              <figcaption>
                {rendition.label} ·{' '}
                <a href={rendition.url} target="_blank" rel="noreferrer">
                  open
                </a>
              </figcaption>
            </figure>
          ))}
        </div>
      </Panel>
    </>
  );
}
