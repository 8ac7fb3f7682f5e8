/**
 * An aggregate's rules as pure functions: `decide` turns a command and the
 * current state into new events or throws a DomainError; `evolve` folds one
 * event into the state. Time, ids and the actor arrive inside the command.
 */
export type Decider<Command, Event, State> = {
  initialState: () => State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
};

export const foldEvents = <Event, State>(
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  events: readonly NoInfer<Event>[],
): State => events.reduce(decider.evolve, decider.initialState());
