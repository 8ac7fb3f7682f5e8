import { describe, expect, it } from 'vitest';
import { signOutWith, unsentWarning, type SignOutSteps } from './sign-out.ts';

describe('unsentWarning', () => {
  it('says how many changes are unsent and that they are kept for the person', () => {
    expect(unsentWarning(2)).toBe(
      'You have 2 unsent changes. They stay on this phone and are sent when you sign in again.',
    );
    expect(unsentWarning(1)).toBe(
      'You have 1 unsent change. It stays on this phone and is sent when you sign in again.',
    );
  });
});

/** Sign-out's steps, each writing what it did to `done`; `fail` names the steps that throw. */
function steps(fail: Partial<Record<keyof SignOutSteps, true>> = {}) {
  const done: string[] = [];
  const step =
    <T>(name: keyof SignOutSteps, result: T) =>
    () => {
      done.push(name);
      if (fail[name]) throw new Error(`${name} failed`);
      return result;
    };
  const run: SignOutSteps = {
    record: async () => step('record', true)(),
    forgetOnScreen: step('forgetOnScreen', undefined),
    forgetSaved: async () => step('forgetSaved', undefined)(),
    tellOtherTabs: step('tellOtherTabs', undefined),
    endOnServer: async (recorded) => {
      done.push(`endOnServer(${recorded})`);
      if (fail.endOnServer) throw new Error('no connection');
    },
    endLater: async () => step('endLater', undefined)(),
    leave: step('leave', undefined),
  };
  return { run, done };
}

describe('signOutWith', () => {
  it('records the sign-out before anything else, forgets what is shown and saved, then ends the session on the server', async () => {
    const { run, done } = steps();
    await signOutWith(run);
    expect(done).toEqual(['record', 'forgetOnScreen', 'forgetSaved', 'tellOtherTabs', 'endOnServer(true)', 'leave']);
  });

  it('offline: signs out on the phone all the same, and leaves the logout to be sent when the signal returns', async () => {
    const { run, done } = steps({ endOnServer: true });
    await signOutWith(run);
    expect(done).toEqual([
      'record',
      'forgetOnScreen',
      'forgetSaved',
      'tellOtherTabs',
      'endOnServer(true)',
      'endLater',
      'leave',
    ]);
  });

  it('still forgets everything and leaves when the device cannot store the sign-out or delete the saved cache', async () => {
    const { run, done } = steps({ record: true, forgetSaved: true });
    await signOutWith(run);
    expect(done).toEqual(['record', 'forgetOnScreen', 'forgetSaved', 'tellOtherTabs', 'endOnServer(false)', 'leave']);
  });
});
