import { describe, expect, it } from 'vitest';
import { fieldValueText } from './field-value-text.ts';

describe('field value text', () => {
  it('reads advance rent in months, 0 as none and nothing as not said', () => {
    expect(fieldValueText('advanceRentMonths', 24)).toBe('24 months');
    expect(fieldValueText('advanceRentMonths', '1')).toBe('1 month');
    expect(fieldValueText('advanceRentMonths', 0)).toBe('None');
    expect(fieldValueText('advanceRentMonths', null)).toBe('Not said');
    expect(fieldValueText('advanceRentMonths', '')).toBe('Not said');
    expect(fieldValueText('advanceRentMonths', '1.5')).toBe('1.5');
  });
  it('keeps other fields as they were read', () => {
    expect(fieldValueText('address', '')).toBe('(empty)');
    expect(fieldValueText('images', ['/a'])).toBe('1 photo');
    expect(fieldValueText('isActive', false)).toBe('Hidden');
  });
});
