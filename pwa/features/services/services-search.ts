import * as v from 'valibot';
import { PROVIDER_CATEGORIES, type ProviderCategory } from '../../lib/contract.ts';

// /services?view=directory&category=plumber&area=accra&emergency=true&page=2: the toggle and the
// directory's filters live in the address, so Back and a shared link show the same list.
// A bad value falls back to "not set" instead of an error page.

const optionalText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100))),
  undefined,
);

export const ServicesSearchSchema = v.object({
  view: v.fallback(v.optional(v.picklist(['register', 'directory'])), undefined),
  category: v.fallback(v.optional(v.picklist(PROVIDER_CATEGORIES)), undefined),
  area: optionalText,
  emergency: v.fallback(v.optional(v.boolean()), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))), undefined),
});
export type ServicesSearch = v.InferOutput<typeof ServicesSearchSchema>;

export type DirectoryFilter = {
  category?: ProviderCategory | undefined;
  area?: string | undefined;
  emergency?: boolean | undefined;
  page: number;
};

export const directoryFilterOf = (search: ServicesSearch): DirectoryFilter => ({
  category: search.category,
  area: search.area || undefined,
  emergency: search.emergency || undefined,
  page: search.page ?? 1,
});
