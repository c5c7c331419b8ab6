import { useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import Form from '@rjsf/core';
import type { ContentField, ContentTypeView, DraftView, EntryView } from '@piste/admin';
import type { Route } from './+types/content-entry';
import { Badge } from '~/components/badge';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { toast } from '~/components/toast';
import { api, isApiError, queryString, type ApiError } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { contentFields, contentWidgets } from './content-fields';
import { contentValidator } from './content-validator';
import { entryForm, errorSchemaOf } from './content-json-schema';
import { contentTemplates } from './content-templates';
import { CONTENT_LOCALE_OPTIONS, localeOf } from './content-locales';
import styles from './content.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('content:read', request.signal);
  const locale = localeOf(request.url);
  const [type, entry] = await Promise.all([
    api.get<ContentTypeView>(`/content/types/${params.type}`, { signal: request.signal }),
    api.get<EntryView>(`/content/entries/${params.type}/${params.uid}${queryString({ locale })}`, {
      signal: request.signal,
    }),
  ]);
  return { type, entry };
}

type Pending = 'publish' | 'discard' | { rollback: number } | null;

/**
 * One entry in one locale: the form generated from its content type, the draft (saved with its
 * version, so a colleague's save is never overwritten), a preview on the storefront, publish,
 * discard, and the published versions with rollback.
 */
export default function ContentEntry({ loaderData }: Route.ComponentProps) {
  const { type, entry } = loaderData;
  const can = useCan();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const form = useMemo(() => entryForm(type.schema as unknown as ContentField[]), [type.schema]);
  const base = `/content/entries/${type.uid}/${entry.uid}`;
  const locale = queryString({ locale: entry.locale });
  const startingDocument = entry.draft?.document ?? entry.published?.document ?? {};
  const [document, setDocument] = useState<Record<string, unknown>>(startingDocument);
  const [loadedFrom, setLoadedFrom] = useState(startingDocument);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string> | undefined>();
  const [conflict, setConflict] = useState<DraftView | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const writable = can('content:write');

  // A new draft or version from the server replaces what the form shows.
  if (startingDocument !== loadedFrom) {
    setLoadedFrom(startingDocument);
    setDocument(startingDocument);
  }

  const refused = (error: unknown) => {
    if (!isApiError(error)) throw error;
    const apiError = error as ApiError;
    if (apiError.isConflict) setConflict((apiError.current as DraftView | null) ?? null);
    setFieldErrors(apiError.fields);
    toast.error(apiError.message);
  };

  const saveDraft = async (next: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api.put<DraftView>(`${base}/draft${locale}`, { document: next, version: entry.draft?.version });
      setFieldErrors(undefined);
      setConflict(null);
      toast.success('Draft saved');
      await revalidate();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const preview = async () => {
    // Opened at once, so the browser does not take it for an unwanted popup.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await api.post<{ url: string }>(`${base}/preview${locale}`, {});
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (error) {
      tab?.close();
      refused(error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending === 'publish') {
        await api.post(`${base}/publish${locale}`, { draftVersion: entry.draft!.version });
        toast.success('Published: the shop shows it now');
      } else if (pending === 'discard') {
        await api.delete(`${base}/draft${queryString({ locale: entry.locale, version: entry.draft!.version })}`);
        toast.success('Draft discarded');
      } else {
        await api.post(`${base}/rollback${locale}`, { version: pending.rollback });
        toast.success(`Version ${pending.rollback} is published again`);
      }
      setFieldErrors(undefined);
      setConflict(null);
      await revalidate();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const title = typeof document.title === 'string' && document.title ? document.title : entry.uid;
  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            {type.title} · <code>{entry.uid}</code> · {entry.locale}
          </>
        }
        back={{ to: `/content/${type.uid}${locale}`, label: type.title }}
      />
      <div className={styles.editor}>
        <div>
          <label className="row">
            Locale
            <select
              className="input input--compact"
              value={entry.locale}
              onChange={(event) => navigate(`/content/${type.uid}/${entry.uid}?locale=${event.target.value}`)}
            >
              {CONTENT_LOCALE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                  {entry.locales.includes(option.value) ? '' : ' — not translated'}
                </option>
              ))}
            </select>
          </label>
          {entry.fallbackFrom && !entry.draft && (
            <p className={styles.notice} role="note">
              Showing {entry.fallbackFrom}, not yet translated. Saving a draft starts the {entry.locale} version of this
              entry.
            </p>
          )}
          {conflict && (
            <div className={styles.notice} role="alert">
              <p>
                <strong>Someone else saved this draft</strong> (version {conflict.version}, by {conflict.actor}). Your
                changes were not saved.
              </p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setConflict(null);
                  void revalidate();
                }}
              >
                Load their draft
              </button>
            </div>
          )}
          {fieldErrors && Object.keys(fieldErrors).length > 0 && (
            <div className="error-summary" role="alert">
              <p className="error-summary__title">Some fields need correcting</p>
              <ul className="error-summary__list">
                {Object.entries(fieldErrors).map(([path, message]) => (
                  <li key={path}>
                    <code>{path.replace(/^document\./, '')}</code>: {message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <Form
            className={styles.form}
            schema={form.schema}
            uiSchema={{ ...form.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
            formData={document}
            formContext={{ formData: document }}
            validator={contentValidator}
            fields={contentFields}
            widgets={contentWidgets}
            templates={contentTemplates}
            extraErrors={errorSchemaOf(fieldErrors)}
            disabled={!writable}
            noHtml5Validate
            showErrorList={false}
            onChange={(event) => setDocument(event.formData as Record<string, unknown>)}
            onSubmit={(event) => void saveDraft(event.formData as Record<string, unknown>)}
          >
            {writable && (
              <div className="form-actions">
                <button className="button button--primary" type="submit" disabled={busy}>
                  Save draft
                </button>
              </div>
            )}
          </Form>
        </div>
        <aside className={styles.sidebar}>
          <Panel title="State">
            <p>
              {entry.published && !entry.fallbackFrom ? (
                <Badge tone="success">published v{entry.published.version}</Badge>
              ) : (
                <Badge tone="warning">not published in {entry.locale}</Badge>
              )}{' '}
              {entry.draft ? <Badge tone="info">draft v{entry.draft.version}</Badge> : <Badge>no draft</Badge>}
            </p>
            {entry.draft && (
              <p className="muted">
                Draft saved by {entry.draft.actor}, {new Date(entry.draft.updatedAt).toLocaleString()}.
              </p>
            )}
            <div className="stack">
              <button type="button" className="button" disabled={!entry.draft || busy} onClick={() => void preview()}>
                Preview on the shop
              </button>
              {writable && (
                <>
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={!entry.draft || busy}
                    onClick={() => setPending('publish')}
                  >
                    Publish
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={!entry.draft || busy}
                    onClick={() => setPending('discard')}
                  >
                    Discard draft
                  </button>
                </>
              )}
            </div>
            {!entry.draft && <p className="muted">Save a draft to preview and publish it.</p>}
          </Panel>
          <Panel title="Versions">
            {entry.versions.length === 0 ? (
              <p className="muted">No versions published from the back office yet.</p>
            ) : (
              <ol className={styles.versions}>
                {entry.versions.map((version) => (
                  <li key={version.version}>
                    <span>
                      <strong>v{version.version}</strong> {version.title}
                      <br />
                      <span className="muted">
                        {version.actor}, {new Date(version.publishedAt).toLocaleDateString()}
                      </span>
                    </span>
                    {writable && version.version !== entry.published?.version && (
                      <button
                        type="button"
                        className="button button--quiet"
                        onClick={() => setPending({ rollback: version.version })}
                      >
                        Roll back
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </aside>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending === 'publish'
            ? 'Publish this draft?'
            : pending === 'discard'
              ? 'Discard this draft?'
              : `Publish version ${typeof pending === 'object' && pending ? pending.rollback : ''} again?`
        }
        confirmLabel={pending === 'publish' ? 'Publish' : pending === 'discard' ? 'Discard' : 'Roll back'}
        danger={pending === 'discard'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending === 'publish' && <p>Shoppers see it within a second, in {entry.locale}.</p>}
        {pending === 'discard' && <p>The draft is deleted; the published entry stays as it is.</p>}
        {typeof pending === 'object' && pending && (
          <p>It becomes the next version; the current one stays in the history.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
