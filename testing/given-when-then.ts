import { expect } from 'vitest';
import { foldEvents, type Decider } from '../events/store/decider.ts';
import { DomainError, type DomainErrorKind } from '../events/store/errors.ts';

/** What a refusal must also carry: the message and the field issues where a form shows them. */
export type Refusal = { message?: string; details?: DomainError['details'] };

/**
 * A decider's test as given events / when command / then events or a refusal, with no database:
 * `const given = givenWhenThen(listingDecider)`, then
 * `given(submitted).when(approve).then([approved])` or `.thenRefuses('not_owner', 'forbidden')`.
 */
export function givenWhenThen<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (...events: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, foldEvents(decider, events));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the decider tests' vocabulary; nothing awaits these objects.
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        /** A DomainError with this code and kind (the HTTP status) always; the message and details when given. */
        thenRefuses: (code: string, kind: DomainErrorKind, refusal: Refusal = {}) => {
          let accepted: Event[];
          try {
            accepted = run();
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            expect(error).toMatchObject({ code, kind, ...refusal });
            return;
          }
          throw new Error(
            `expected the refusal ${code}, but the command was accepted with ${JSON.stringify(accepted)}`,
          );
        },
      };
    },
  });
}
