import { useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { MediaAssetDetail, MediaList } from '@piste/admin';
import type { Route } from './+types/media-index';
import { FilterBar, FilterInput, listQuery, Pagination } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError, queryString } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { uploadOriginal } from './media-upload';
import styles from './media.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  const query = listQuery(request.url, ['q'], { pageSize: 50 });
  return api.get<MediaList>(`/media${queryString(query)}`, { signal: request.signal });
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The uploaded originals as a grid, searchable, with an upload that shows its progress. */
export default function MediaIndex({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const { revalidate } = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const asset = await uploadOriginal<MediaAssetDetail>(file, setProgress);
      toast.success(`${asset.fileName} uploaded`);
      await revalidate();
    } catch (error) {
      if (!isApiError(error)) throw error;
      setProblem(error.message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <PageHeader title="Media" description="Original images, their renditions and focal points." />
      {can('media:write') && (
        <div className={styles.upload}>
          <label className="button button--primary">
            Upload an image
            <input
              ref={input}
              type="file"
              className="visually-hidden"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(event) => void upload(event.target.files)}
              disabled={progress !== null}
            />
          </label>
          {progress !== null && (
            <progress max={1} value={progress} aria-label="Upload progress">
              {Math.round(progress * 100)}%
            </progress>
          )}
          <span className="muted">JPEG, PNG, WebP or AVIF, up to 20 MB.</span>
          {problem && (
            <span className="field__error" role="alert">
              {problem}
            </span>
          )}
        </div>
      )}
      <FilterBar>
        <FilterInput name="q" label="Search" placeholder="File name or id" />
      </FilterBar>
      {loaderData.items.length === 0 ? (
        <EmptyState title="No images yet">Uploaded originals show here.</EmptyState>
      ) : (
        <ul className={styles.grid}>
          {loaderData.items.map((asset) => (
            <li key={asset.id}>
              <Link className={styles.card} to={`/media/${asset.id}`}>
                <img src={asset.thumbnailUrl} alt="" loading="lazy" />
                <span className={styles.name}>{asset.fileName}</span>
                <span className="muted">
                  {asset.width}×{asset.height} · {kilobytes(asset.bytes)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={loaderData.total} noun="images" />
    </>
  );
}
