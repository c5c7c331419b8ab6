import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Form from '@rjsf/core';
import type { ContentField, ContentTypeView } from '@piste/admin';
import type { Route } from './+types/content-new';
import { PageHeader } from '~/components/page-header';
import { toast } from '~/components/toast';
import { api, isApiError, queryString } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { contentFields, contentWidgets } from './content-fields';
import { contentValidator } from './content-validator';
import { entryForm, errorSchemaOf } from './content-json-schema';
import { localeOf } from './content-locales';
import styles from './content.module.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requirePermission('content:write', request.signal);
  const type = await api.get<ContentTypeView>(`/content/types/${params.type}`, { signal: request.signal });
  return { type, locale: localeOf(request.url) };
}

/** A new entry: its first draft, with a uid given or made from the title. */
export default function ContentNew({ loaderData }: Route.ComponentProps) {
  const { type, locale } = loaderData;
  const navigate = useNavigate();
  const form = useMemo(() => entryForm(type.schema as unknown as ContentField[]), [type.schema]);
  const [document, setDocument] = useState<Record<string, unknown>>({});
  const [uid, setUid] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string> | undefined>();
  const [busy, setBusy] = useState(false);

  const create = async (next: Record<string, unknown>) => {
    setBusy(true);
    try {
      const created = await api.post<{ uid: string }>(`/content/types/${type.uid}/entries${queryString({ locale })}`, {
        document: next,
        ...(uid.trim() && { uid: uid.trim() }),
      });
      toast.success('Draft created');
      navigate(`/content/${type.uid}/${created.uid}?locale=${locale}`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFieldErrors(error.fields);
      toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`New ${type.title.toLowerCase()}`}
        description={`Starts as a draft in ${locale}; publish it from its page.`}
        back={{ to: `/content/${type.uid}`, label: type.title }}
      />
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
      <label className="field">
        <span>Uid (optional: made from the title)</span>
        <input
          className="input"
          value={uid}
          onChange={(event) => setUid(event.target.value)}
          placeholder="spring-touring-in-tirol"
        />
        {fieldErrors?.uid && <span className="field__error">{fieldErrors.uid}</span>}
      </label>
      <Form
        className={styles.form}
        schema={form.schema}
        uiSchema={{ ...form.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={document}
        formContext={{ formData: document }}
        validator={contentValidator}
        fields={contentFields}
        widgets={contentWidgets}
        extraErrors={errorSchemaOf(fieldErrors)}
        noHtml5Validate
        showErrorList={false}
        onChange={(event) => setDocument(event.formData as Record<string, unknown>)}
        onSubmit={(event) => void create(event.formData as Record<string, unknown>)}
      >
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={busy}>
            Create draft
          </button>
        </div>
      </Form>
    </>
  );
}
