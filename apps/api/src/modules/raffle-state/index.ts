// raffle-state's entry (decision 0026): the state machine's core, below the sales that call it.
export { dueRaffleIds, findLifecycleRow, type LifecycleRow, setLifecycle } from "./repository";
export {
  type AdvanceResult,
  advance,
  advanceIfDue,
  advanceNow,
  assertAllowed,
  factsOf,
  type LifecycleContext,
  publishLifecycle,
  type RaffleStateColumns,
  stateFactsOf,
} from "./service";
export { type RaffleTransitions, registerRaffleTransitions } from "./transitions";
