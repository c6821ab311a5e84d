// lifecycle's entry (decision 0026): the organiser's transitions, the sweep and a raffle's public lifecycle.
// advance and the rest of the state machine's core are raffle-state's.
export { cancel, closeEarly, extend, openSales } from "./organiser-actions";
export { lifecycleOf, registerLifecycleTransitions, scheduleLifecycleSweep } from "./service";
