import { describe, expect, it } from 'vitest';
import { contactPagePath, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('takes a path of one of the app’s screens, with its query and fragment', () => {
    expect(safeReturnPath('/contact-landlord/2b7c1f0e-8d1e-4a63-9f55-0d6f1c2e9a10')).toBe(
      '/contact-landlord/2b7c1f0e-8d1e-4a63-9f55-0d6f1c2e9a10',
    );
    expect(safeReturnPath('/property/abc')).toBe('/property/abc');
    expect(safeReturnPath('/services?view=directory')).toBe('/services?view=directory');
    expect(safeReturnPath('/search?location=Accra#results')).toBe('/search?location=Accra#results');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses other sites however they are spelled', () => {
    for (const value of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example/dashboard',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      ' /dashboard',
      'dashboard',
      '',
    ]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
  });

  it('refuses paths that are no screen of the app, or the sign-in screens themselves', () => {
    expect(safeReturnPath('/api/auth/logout')).toBeNull();
    expect(safeReturnPath('/files/x.jpg')).toBeNull();
    expect(safeReturnPath('/contact-landlord')).toBeNull();
    expect(safeReturnPath('/contact-landlord/a/b')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/register?action=contact')).toBeNull();
    expect(safeReturnPath('/verify-email')).toBeNull();
    expect(safeReturnPath(`/property/${'a'.repeat(600)}`)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('judges the path a browser would open, after resolving dots', () => {
    expect(safeReturnPath('/contact-landlord/../api/health')).toBeNull();
    expect(safeReturnPath('/property/../dashboard')).toBe('/dashboard');
  });
});

describe('contactPagePath', () => {
  it('is the listing’s contact page, its id kept to one segment', () => {
    expect(contactPagePath('2b7c1f0e')).toBe('/contact-landlord/2b7c1f0e');
    expect(contactPagePath('../../api')).toBe('/contact-landlord/..%2F..%2Fapi');
    expect(contactPagePath(undefined)).toBeNull();
    expect(contactPagePath('')).toBeNull();
  });
});
