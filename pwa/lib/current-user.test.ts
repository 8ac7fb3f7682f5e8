import { describe, expect, it } from 'vitest';
import { currentUserQuery, isCurrentUserQuery } from './current-user.ts';

describe('isCurrentUserQuery', () => {
  it('tells the current user query from every other', () => {
    expect(isCurrentUserQuery(currentUserQuery())).toBe(true);
    expect(isCurrentUserQuery({ queryKey: ['auth', 'user'] })).toBe(true);
    expect(isCurrentUserQuery({ queryKey: ['auth'] })).toBe(false);
    expect(isCurrentUserQuery({ queryKey: ['auth', 'user', 'extra'] })).toBe(false);
    expect(isCurrentUserQuery({ queryKey: ['properties', 'mine'] })).toBe(false);
  });
});
