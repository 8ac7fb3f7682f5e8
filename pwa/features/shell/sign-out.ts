// Signing out on a shared phone, online or not. The person is signed out on the phone at once:
// it is recorded first that their session must end (from then on nothing is sent with it), then
// nothing of theirs stays on screen or in the saved cache, then the server is told; with no
// connection it is told as soon as there is one, before anything else is sent (session-change.ts).
// Their queued changes and drafts stay on the phone under their account, sent or shown only when
// they sign in again (docs/offline.md, "A shared phone").

export type SignOutSteps = {
  /** Records that this person's session must end; false when the device could not store it. */
  record(): Promise<boolean>;
  /** Empties the answers in memory and shows nobody signed in. */
  forgetOnScreen(): void;
  /** Deletes the saved answers (IndexedDB). */
  forgetSaved(): Promise<void>;
  /** Other tabs of the app forget too. */
  tellOtherTabs(): void;
  /** Ends the session on the server now; throws when it could not (no connection). */
  endOnServer(recorded: boolean): Promise<void>;
  /** Asks the service worker to end it when the connection returns, even with the app closed. */
  endLater(): Promise<void>;
  /** Goes to the home page, a fresh start with nothing of theirs in memory. */
  leave(): void;
};

export async function signOutWith(steps: SignOutSteps): Promise<void> {
  const recorded = await steps.record().catch(() => false);
  steps.forgetOnScreen();
  // A failure here is repaired at the next start: with a sign-out recorded, nothing saved is restored.
  await steps.forgetSaved().catch(() => undefined);
  steps.tellOtherTabs();
  try {
    await steps.endOnServer(recorded);
  } catch {
    await steps.endLater().catch(() => undefined);
  }
  steps.leave();
}

/** What someone signing out with changes not yet sent is told: how many, and that they are kept. */
export const unsentWarning = (count: number) =>
  count === 1
    ? 'You have 1 unsent change. It stays on this phone and is sent when you sign in again.'
    : `You have ${count} unsent changes. They stay on this phone and are sent when you sign in again.`;
