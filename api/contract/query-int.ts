import * as v from 'valibot';

/** A whole number in a query string (which arrives as text), from `min` to `max`, with messages naming the parameter. */
// Marked pure: a PWA page that imports only a constant of a schema file then loses that file's schemas.
/* @__NO_SIDE_EFFECTS__ */
export const queryInt = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `${label} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );
