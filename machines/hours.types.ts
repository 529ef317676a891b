/**
 * What the worker types in a day's contest form: the contract's HoursContestRequest without the version (the day's
 * machine adds the version the worker saw). Every other shape of the hours machines is the contract's
 * (#domain/api-schema.ts: HoursDay, HoursDayVersion, FieldError).
 */
import type { HoursContestRequest } from '#domain/api-schema.ts';

export type ContestDraft = Omit<HoursContestRequest, 'version'>;
