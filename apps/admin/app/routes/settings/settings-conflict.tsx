import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '~/components/form';
import { ConflictNotice, type ConflictField } from '~/components/conflict-notice';
import { toast } from '~/components/toast';
import { isApiError } from '~/lib/api';
import styles from './settings.module.css';

/**
 * A settings form's save: the API call, its refusal at the fields, and a stale save (409) kept
 * to show the colleague's version beside the form's, with "Load their version".
 */
export function useSettingsSave<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>) {
  const [conflict, setConflict] = useState<{ current: T; yours: T } | null>(null);

  async function save(values: T, call: () => Promise<unknown>, saved: string): Promise<boolean> {
    try {
      await call();
      setConflict(null);
      toast.success(saved);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.isConflict) setConflict({ current: error.current as T, yours: values });
      else applyServerErrors(form as unknown as UseFormReturn<T>, error);
      return false;
    }
  }

  function notice(fields: ConflictField<T>[], toForm: (current: T) => T = (current) => current) {
    if (!conflict) return null;
    return (
      <div className={styles.conflict}>
        <ConflictNotice<T>
          current={conflict.current}
          yours={conflict.yours}
          fields={fields}
          onLoadTheirs={() => {
            form.reset(toForm(conflict.current));
            setConflict(null);
          }}
        />
      </div>
    );
  }

  return { save, notice };
}
