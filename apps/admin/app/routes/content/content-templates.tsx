import type { FormProps } from '@rjsf/core';
import type { ArrayFieldItemTemplateProps, IconButtonProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import styles from './content.module.css';

/**
 * rjsf's default theme draws its array buttons as Bootstrap 3 glyphicons, which the back office
 * does not load: they showed as empty boxes. These give them words (or arrows with a spoken name)
 * in the app's own button styles.
 */
function TextButton({
  label,
  spoken,
  kind = '',
  ...props
}: IconButtonProps & { label: string; spoken: string; kind?: string }) {
  const { id, onClick, disabled } = props;
  // An item's button ids end in its index (`root_regions_2__remove`): "Remove item 3" tells nine Remove buttons apart.
  const index = /_(\d+)__\w+$/.exec(id ?? '')?.[1];
  const name = index === undefined ? spoken : `${spoken} item ${Number(index) + 1}`;
  return (
    <button
      type="button"
      id={id}
      className={`button button--small ${kind}`}
      title={name}
      aria-label={name}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

/** "Add region" for a list titled "Regions": the conversion puts the item's name in the list's options. */
function AddButton(props: IconButtonProps) {
  const itemName = getUiOptions(props.uiSchema).itemName;
  const label = typeof itemName === 'string' && itemName ? `Add ${itemName}` : 'Add an item';
  return (
    <div className={styles.arrayAdd}>
      <TextButton {...props} label={label} spoken={label} />
    </div>
  );
}

const MoveUpButton = (props: IconButtonProps) => <TextButton {...props} label="↑" spoken="Move up" />;
const MoveDownButton = (props: IconButtonProps) => <TextButton {...props} label="↓" spoken="Move down" />;
const CopyButton = (props: IconButtonProps) => <TextButton {...props} label="Copy" spoken="Copy" />;
const RemoveButton = (props: IconButtonProps) => (
  <TextButton {...props} label="Remove" spoken="Remove" kind="button--quiet" />
);

/** One item of a list: its field, then its buttons on the same line, so a list of short values stays compact. */
function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, registry }: ArrayFieldItemTemplateProps) {
  const { ArrayFieldItemButtonsTemplate: Buttons } = registry.templates;
  return (
    <div className={styles.arrayItem}>
      <div className={styles.arrayItemField}>{children}</div>
      {hasToolbar && (
        <div className={styles.arrayItemButtons}>
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

export const contentTemplates: FormProps['templates'] = {
  ArrayFieldItemTemplate,
  ButtonTemplates: { AddButton, MoveUpButton, MoveDownButton, CopyButton, RemoveButton },
};
