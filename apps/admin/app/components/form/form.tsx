import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useFormContext,
  type FieldErrors,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldId } from './field';
import { SERVER_ERROR } from './server-errors';

interface ListedError {
  name: string;
  message: string;
}

/** Every message in react-hook-form's nested errors, with the dotted path of its field. */
function listErrors(errors: FieldErrors, prefix = ''): ListedError[] {
  const listed: ListedError[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (name === SERVER_ERROR) continue;
    if (typeof (value as { message?: unknown }).message === 'string' && (value as { message: string }).message) {
      listed.push({ name, message: (value as { message: string }).message });
    } else if (typeof value === 'object') {
      listed.push(...listErrors(value as FieldErrors, name));
    }
  }
  return listed;
}

/** Counts the form's refused submits: each one asks the summary to take the focus. */
const FocusRequest = createContext(0);

/**
 * What is wrong with the form, at its top: the server's form-wide message and a link to each
 * field in error. It takes the focus after each refused submit, so keyboard and screen reader
 * users hear it; the messages also stay at their fields.
 */
export function FormErrorSummary({ title = 'Please correct the following' }: { title?: string }) {
  const { formState } = useFormContext();
  const ref = useRef<HTMLDivElement>(null);
  const serverMessage = (get(formState.errors, SERVER_ERROR) as { message?: string } | undefined)?.message;
  const listed = listErrors(formState.errors);
  const hasErrors = Boolean(serverMessage) || listed.length > 0;
  const focusRequest = useContext(FocusRequest);
  // Changes when the server refuses with other messages (its errors arrive after the submit).
  const errorKey = `${serverMessage ?? ''}|${listed.map(({ name, message }) => `${name}:${message}`).join('|')}`;

  // Each refused submit, the browser's check or the server's, moves the focus here.
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusRequest, errorKey]);

  if (!hasErrors) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="error-summary__title">{listed.length > 0 ? title : (serverMessage ?? title)}</h2>
      {listed.length > 0 && serverMessage && <p>{serverMessage}</p>}
      {listed.length > 0 && (
        <ul className="error-summary__list">
          {listed.map(({ name, message }) => (
            <li key={name}>
              <a
                href={`#${fieldId(name)}`}
                onClick={(event) => {
                  const target = document.getElementById(fieldId(name));
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                }}
              >
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface FormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  children: ReactNode;
  /** Shown above the fields; pass false to place `<FormErrorSummary />` yourself. */
  summary?: boolean;
  className?: string;
  /** For a label on the form (e.g. `aria-label`) or an id that a button elsewhere submits. */
  id?: string;
  'aria-label'?: string;
}

/**
 * A react-hook-form form with the kit's conventions: the browser's own validation off (zod's
 * messages show instead), the error summary on top, the fields given the form through context.
 */
export function Form<T extends FieldValues>({
  form,
  onSubmit,
  children,
  summary = true,
  className,
  ...rest
}: FormProps<T>) {
  const [focusRequest, setFocusRequest] = useState(0);
  // react-hook-form focuses the first field in error at once and again in a timeout: the
  // summary takes the focus after both.
  const focusSummary = () => setTimeout(() => setTimeout(() => setFocusRequest((count) => count + 1)));
  return (
    <FormProvider {...form}>
      <FocusRequest.Provider value={focusRequest}>
        <form
          noValidate
          className={className ?? 'form'}
          onSubmit={(event) => {
            form.clearErrors(SERVER_ERROR as never);
            return form.handleSubmit(onSubmit, focusSummary)(event);
          }}
          {...rest}
        >
          {summary && <FormErrorSummary />}
          {children}
        </form>
      </FocusRequest.Provider>
    </FormProvider>
  );
}
