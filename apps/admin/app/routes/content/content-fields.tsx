import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ReferenceOption } from '@piste/admin';
import { api, queryString } from '~/lib/api';
import type { ReferenceOptions } from './content-json-schema';
import styles from './content.module.css';

type Reference = { uid: string; _content_type_uid: string };

/** Where the editor shows media ids from: the embedded media service, the brand's alias. */
export const MEDIA_IMAGE_BASE = '/media/i/piste';

/** Rich text: the HTML in a textarea, and a preview drawn in a sandbox (no scripts run; the server sanitizes on save). */
function RichTextWidget({ id, value, onChange, disabled, readonly, label }: WidgetProps) {
  const html = typeof value === 'string' ? value : '';
  return (
    <div className={styles.richText}>
      <textarea
        id={id}
        className="input"
        rows={8}
        value={html}
        aria-label={label}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
      <details>
        <summary>Preview</summary>
        <p className="muted">
          Scripts and unsafe markup are removed when the draft is saved, exactly as the shop does.
        </p>
        <iframe className={styles.richTextPreview} title={`${label} preview`} sandbox="" srcDoc={html} />
      </details>
    </div>
  );
}

/** A reference picked from the entries of its types (`GET /content/references`). */
function ReferenceField({ formData, onChange, fieldPathId, uiSchema, schema, rawErrors }: FieldProps<Reference[]>) {
  const { types, multiple } = (uiSchema?.['ui:options'] ?? {
    types: [],
    multiple: false,
  }) as unknown as ReferenceOptions;
  const [options, setOptions] = useState<ReferenceOption[]>([]);
  const [failed, setFailed] = useState(false);
  const selectId = useId();
  const typeList = types.join(',');
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ items: ReferenceOption[] }>(`/content/references${queryString({ types: typeList })}`, {
        signal: controller.signal,
      })
      .then((answer) => setOptions(answer.items))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [typeList]);

  const chosen = Array.isArray(formData) ? formData : [];
  const keyOf = (reference: Reference) => `${reference._content_type_uid}/${reference.uid}`;
  const labelOf = (reference: Reference) =>
    options.find((option) => option.type === reference._content_type_uid && option.uid === reference.uid)?.title ??
    reference.uid;
  const set = (next: Reference[]) => onChange(next, fieldPathId.path);
  const pick = (key: string) => {
    const option = options.find((candidate) => `${candidate.type}/${candidate.uid}` === key);
    if (!option) return multiple ? undefined : set([]);
    const reference = { uid: option.uid, _content_type_uid: option.type };
    set(multiple ? [...chosen.filter((item) => keyOf(item) !== key), reference] : [reference]);
  };

  return (
    <div className={styles.reference}>
      <label htmlFor={selectId}>{schema.title}</label>
      {multiple && chosen.length > 0 && (
        <ul className={styles.referenceList}>
          {chosen.map((reference, index) => (
            <li key={keyOf(reference)}>
              {labelOf(reference)} <span className="muted">({reference._content_type_uid})</span>
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Remove ${labelOf(reference)}`}
                onClick={() => set(chosen.filter((_, position) => position !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={selectId}
        className="input"
        value={multiple ? '' : chosen[0] ? keyOf(chosen[0]) : ''}
        onChange={(event) => pick(event.target.value)}
      >
        <option value="">{multiple ? 'Add an entry…' : '— none —'}</option>
        {options.map((option) => (
          <option key={`${option.type}/${option.uid}`} value={`${option.type}/${option.uid}`}>
            {option.title} ({option.type})
          </option>
        ))}
      </select>
      {failed && <p className="field__error">The list of entries could not be loaded.</p>}
      {rawErrors?.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** JSON fields and modular blocks: the value as JSON text, taken when it parses. */
function JsonField({ formData, onChange, fieldPathId, schema, rawErrors }: FieldProps<unknown>) {
  const [text, setText] = useState(() => JSON.stringify(formData ?? {}, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  return (
    <div className={styles.json}>
      <label htmlFor={id}>{schema.title} (JSON)</label>
      <textarea
        id={id}
        className="input"
        rows={8}
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          try {
            onChange(text.trim() === '' ? undefined : JSON.parse(text), fieldPathId.path);
            setProblem(null);
          } catch {
            setProblem('This is not valid JSON: it is kept as it was until it is.');
          }
        }}
      />
      {[problem, ...(rawErrors ?? [])].filter(Boolean).map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}

interface Hotspot {
  id: string;
  dataType: { value: 'product' | 'page' | 'manual' } | null;
  title: string;
  description?: string;
  ctaCopy?: string;
  points: { x: number; y: number };
  [key: string]: unknown;
}

interface HotspotContent {
  amplienceId?: string;
  enableHotspots?: boolean;
  hotspots?: Hotspot[];
  [key: string]: unknown;
}

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/**
 * A banner's hotspots, placed on its image: a click on the image moves the selected hotspot
 * there, or adds one when none is selected; a selected hotspot moves with the arrow keys (1 %,
 * 5 % with Shift). Its title, type and copy are edited below the image.
 */
function HotspotField({ formData, onChange, fieldPathId, registry, rawErrors }: FieldProps<HotspotContent>) {
  const content: HotspotContent = formData ?? {};
  const hotspots = content.hotspots ?? [];
  const [selected, setSelected] = useState<number | null>(null);
  const rootData = registry.formContext?.formData as { background?: { amplience_id?: string } } | undefined;
  const mediaId = content.amplienceId || rootData?.background?.amplience_id;

  const change = (next: Hotspot[]) => onChange({ ...content, hotspots: next }, fieldPathId.path);
  const update = (index: number, patch: Partial<Hotspot>) =>
    change(hotspots.map((hotspot, position) => (position === index ? { ...hotspot, ...patch } : hotspot)));

  const place = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const points = {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    };
    if (selected !== null && hotspots[selected]) return update(selected, { points });
    const hotspot: Hotspot = { id: `hs-${Date.now().toString(36)}`, dataType: { value: 'manual' }, title: '', points };
    change([...hotspots, hotspot]);
    setSelected(hotspots.length);
  };

  const nudge = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (event.key === 'Escape') return setSelected(null);
    if (!move) return;
    event.preventDefault();
    const { x, y } = hotspots[index]!.points;
    setSelected(index);
    update(index, { points: { x: clamp(x + move[0]), y: clamp(y + move[1]) } });
  };

  const current = selected === null ? undefined : hotspots[selected];
  return (
    <fieldset className={styles.hotspots}>
      <legend>Hotspots</legend>
      <label className="row">
        <input
          type="checkbox"
          checked={content.enableHotspots === true}
          onChange={(event) => onChange({ ...content, enableHotspots: event.target.checked }, fieldPathId.path)}
        />
        Show hotspots on this banner
      </label>
      <p className="muted">
        {selected === null
          ? 'Click on the image to add a hotspot. Select a hotspot to move it: click elsewhere, or use the arrow keys.'
          : 'Click on the image to move the selected hotspot there, or use the arrow keys (Shift: larger steps). Escape deselects.'}
      </p>
      {mediaId ? (
        // The buttons inside are the keyboard way to the same actions; the click on the image is a pointer shortcut.
        <div className={styles.hotspotImage} onClick={place} data-testid="hotspot-image">
          <img src={`${MEDIA_IMAGE_BASE}/${encodeURIComponent(mediaId)}?w=960&fmt=auto`} alt="" draggable={false} />
          {hotspots.map((hotspot, index) => (
            <button
              key={hotspot.id}
              type="button"
              className={`${styles.hotspotMarker} ${index === selected ? styles.hotspotSelected : ''}`}
              style={{ left: percent(hotspot.points.x), top: percent(hotspot.points.y) }}
              aria-label={`Hotspot ${index + 1}: ${hotspot.title || 'untitled'}, at ${percent(hotspot.points.x)} across and ${percent(hotspot.points.y)} down`}
              aria-pressed={index === selected}
              onClick={(event) => {
                event.stopPropagation();
                setSelected(index === selected ? null : index);
              }}
              onKeyDown={(event) => nudge(index, event)}
            >
              {index + 1}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted">Set the background's media id to place hotspots on its image.</p>
      )}
      <div className="row">
        <button type="button" className="button" onClick={() => setSelected(null)} disabled={selected === null}>
          Add another hotspot
        </button>
      </div>
      {current && selected !== null && (
        <div className={styles.hotspotDetails}>
          <h3>
            Hotspot {selected + 1} ({percent(current.points.x)}, {percent(current.points.y)})
          </h3>
          <label>
            Title
            <input
              className="input"
              value={current.title}
              onChange={(event) => update(selected, { title: event.target.value })}
            />
          </label>
          <label>
            Type
            <select
              className="input"
              value={current.dataType?.value ?? ''}
              onChange={(event) =>
                update(selected, {
                  dataType: event.target.value ? { value: event.target.value as 'product' | 'page' | 'manual' } : null,
                })
              }
            >
              <option value="">— hidden (no type) —</option>
              <option value="product">Product</option>
              <option value="page">Page</option>
              <option value="manual">Manual link</option>
            </select>
          </label>
          <label>
            Description
            <textarea
              className="input"
              rows={2}
              value={current.description ?? ''}
              onChange={(event) => update(selected, { description: event.target.value })}
            />
          </label>
          <label>
            Call to action
            <input
              className="input"
              value={current.ctaCopy ?? ''}
              onChange={(event) => update(selected, { ctaCopy: event.target.value })}
            />
          </label>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              change(hotspots.filter((_, position) => position !== selected));
              setSelected(null);
            }}
          >
            Remove hotspot
          </button>
        </div>
      )}
      {rawErrors?.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </fieldset>
  );
}

export const contentFields: RegistryFieldsType = {
  reference: ReferenceField,
  json: JsonField,
  hotspots: HotspotField,
};

export const contentWidgets: RegistryWidgetsType = { richText: RichTextWidget };
