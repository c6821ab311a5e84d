// The background job scheduler's public entry (decision 0027).
export {
  createJobScheduler,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_BACKOFF_MS,
  type JobDefinition,
  type JobRunContext,
  type JobScheduler,
  type JobStatus,
  nextDelay,
  type SchedulerOptions,
} from "./scheduler";
