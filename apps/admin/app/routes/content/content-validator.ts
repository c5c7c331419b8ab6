import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * The entry forms' validator. `@rjsf/validator-ajv8` compiles each schema with `new Function`,
 * which the back office's policy (`script-src 'self'`, no 'unsafe-eval') refuses: every submit
 * then failed with "Error compiling schema". This one reads the schema instead, for what the
 * generated forms ask of a field at once (required, length, pattern); the API checks the whole
 * document again and its field errors show at the fields.
 */

type Problem = { path: string[]; message: string };

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function check(schema: RJSFSchema, value: unknown, path: string[], problems: Problem[]): void {
  if (schema.type === 'object' && schema.properties) {
    const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (isEmpty(record[name])) problems.push({ path: [...path, name], message: 'Fill this in.' });
    }
    for (const [name, property] of Object.entries(schema.properties)) {
      if (typeof property === 'object' && !isEmpty(record[name]))
        check(property, record[name], [...path, name], problems);
    }
    return;
  }
  if (
    schema.type === 'array' &&
    Array.isArray(value) &&
    typeof schema.items === 'object' &&
    !Array.isArray(schema.items)
  ) {
    value.forEach((item, index) => check(schema.items as RJSFSchema, item, [...path, String(index)], problems));
    return;
  }
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      problems.push({ path, message: `Use at most ${schema.maxLength} characters.` });
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      problems.push({ path, message: 'This is not in the expected form.' });
    }
  }
}

function toErrorSchema(problems: Problem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    let node = root;
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

export const contentValidator: ValidatorType = {
  validateFormData(formData, schema): ValidationData<unknown> {
    const problems: Problem[] = [];
    check(schema, formData, [], problems);
    const errors: RJSFValidationError[] = problems.map(({ path, message }) => ({
      property: `.${path.join('.')}`,
      message,
      stack: `${path.join('.')}: ${message}`,
    }));
    return { errors, errorSchema: toErrorSchema(problems) };
  },
  isValid(schema, formData) {
    const problems: Problem[] = [];
    check(schema, formData, [], problems);
    return problems.length === 0;
  },
  rawValidation<Result>(schema: Parameters<ValidatorType['rawValidation']>[0], formData?: unknown) {
    const problems: Problem[] = [];
    check(schema, formData, [], problems);
    // rjsf types the raw errors by the validator's own shape; these are ours.
    return { errors: problems as unknown as Result[] };
  },
};
