import { countOf } from '../../lib/format.ts';
import type { EditableField } from './listing-edit-diff.ts';

/** A listing field's value as a person reads it in a comparison. */
export function fieldValueText(field: EditableField, value: unknown): string {
  if (field === 'isActive') return value ? 'Active' : 'Hidden';
  if (Array.isArray(value)) {
    if (field === 'images') return `${value.length} ${value.length === 1 ? 'photo' : 'photos'}`;
    return value.length ? value.join(', ') : 'none';
  }
  if (value === undefined || value === null || value === '')
    return field === 'advanceRentMonths' ? 'Not said' : '(empty)';
  if (field === 'advanceRentMonths' && /^\d+$/.test(String(value).trim())) {
    const months = Number(String(value).trim());
    return months === 0 ? 'None' : countOf(months, 'month');
  }
  return String(value);
}
