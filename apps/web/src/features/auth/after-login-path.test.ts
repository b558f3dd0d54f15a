import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login-path';

describe('afterLoginPath', () => {
  it('sends each role to its dashboard (spec §2)', () => {
    expect(afterLoginPath('Owner', undefined)).toBe('/owner-dashboard');
    expect(afterLoginPath('Staff', undefined)).toBe('/staff-dashboard');
    expect(afterLoginPath('Customer', undefined)).toBe('/customer-dashboard');
  });

  it('returns to the guarded page the user came from when the role may open it', () => {
    expect(afterLoginPath('Staff', '/all-inquiries?status=New')).toBe('/all-inquiries?status=New');
    expect(afterLoginPath('Owner', '/packages/edit/abc')).toBe('/packages/edit/abc');
    expect(afterLoginPath('Customer', '/inquiries/view/42')).toBe('/inquiries/view/42');
  });

  it('ignores a page the role may not open, and anything that is not a local path', () => {
    expect(afterLoginPath('Customer', '/all-inquiries')).toBe('/customer-dashboard');
    expect(afterLoginPath('Staff', '/manage-staff')).toBe('/staff-dashboard');
    expect(afterLoginPath('Owner', '//evil.example/owner-dashboard')).toBe('/owner-dashboard');
    expect(afterLoginPath('Owner', 'https://evil.example')).toBe('/owner-dashboard');
  });
});
