import { useState } from 'react';
import type { FieldErrors } from './form.ts';

/**
 * A form's field errors: none until the first submit, then checked again on every change,
 * so a corrected field loses its error at once while the others stay until they are fixed.
 */
export function useFieldErrors<T>(check: (values: T) => FieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    errors,
    /** On submit: shows every error; true when there is none. */
    checkAll(values: T): boolean {
      const found = check(values);
      setErrors(found);
      setSubmitted(true);
      return Object.keys(found).length === 0;
    },
    /** On change: checks again once a submit has shown the errors. */
    recheck(values: T) {
      if (submitted) setErrors(check(values));
    },
  };
}
