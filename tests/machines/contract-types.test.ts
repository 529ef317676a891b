/**
 * The machines declare their own types (they import nothing of src/). This file fails to COMPILE when those types
 * drift from the contract: what the API answers must fit what the machines expect, and what the machines send
 * must fit what the API accepts. `npm test` type-checks it; the run-time test only lists what is checked.
 */
import { describe, expect, it } from 'vitest';
import type * as Api from '#domain/api-schema.ts';
import type { AbsenceReason, AbsenceReport } from '../../machines/absence-report.types.ts';
import type { AvailabilityEdit, AvailabilityMonth, YearMonth } from '../../machines/availability.types.ts';
import type { PersonalDetails, StepIndex, UploadKind } from '../../machines/details-wizard.machine.ts';
import type { ContestDraft, HoursDay, HoursDayVersion } from '../../machines/hours.types.ts';
import type { SendMailInput } from '../../machines/mail-request.machine.ts';
import type { RegisterRequest } from '../../machines/registration.machine.ts';
import type { CurrentUser, GeneralInfo, LoginInput } from '../../machines/session.types.ts';
import type { Signature } from '../../machines/signature.machine.ts';
import type { MarkForSigningItem, SigningItem } from '../../machines/signing.machine.ts';
import type { Offer } from '../../machines/offer.types.ts';

const fromApi = {
  CurrentUser: (x: Api.CurrentUser): CurrentUser => x,
  GeneralInfo: (x: Api.GeneralInfo): GeneralInfo => x,
  PersonalDetails: (x: Api.PersonalDetails): PersonalDetails => x,
  AvailabilityMonth: (x: Api.components['schemas']['AvailabilityMonth']): AvailabilityMonth => x,
  Signature: (x: Api.Signature): Signature => x,
  SigningItem: (x: Api.components['schemas']['SigningItem']): SigningItem => x,
  UploadKind: (x: Api.UploadKind): UploadKind => x,
  HoursDay: (x: Api.HoursDay): HoursDay => x,
  Offer: (x: Api.Offer): Offer => x,
  AbsenceReport: (x: Api.AbsenceReport): AbsenceReport => x,
};

const toApi = {
  LoginRequest: (x: LoginInput): Api.LoginRequest => ({ ...x }),
  RegisterRequest: (x: RegisterRequest): Api.RegisterRequest => x,
  AvailabilityEdit: (x: AvailabilityEdit): Api.components['schemas']['AvailabilityEdit'] => x,
  MarkForSigningItem: (x: MarkForSigningItem): Api.components['schemas']['MarkForSigningItem'] => x,
  UploadKind: (x: UploadKind): Api.UploadKind => x,
  DetailsStep: (x: StepIndex): Api.paths['/user/me/update-details/{step}']['post']['parameters']['path']['step'] => x,
  AvailabilityPath: (x: YearMonth): Api.paths['/user/me/availabilities/{year}/{month}']['parameters']['path'] => x,
  ResetPasswordRequest: (x: SendMailInput & { email: string }): Api.ResetPasswordRequest => ({ email: x.email }),
  HoursConfirmRequest: (x: HoursDayVersion[]): Api.HoursConfirmRequest => ({ days: x }),
  HoursContestRequest: (x: { day: HoursDayVersion; draft: ContestDraft }): Api.HoursContestRequest => ({ version: x.day.version, ...x.draft }),
  OfferDecline: (x: { id: string; reason: string }): Api.OfferDecline => ({ reason: x.reason }),
  AbsenceReason: (x: AbsenceReason): Api.AbsenceReason => x,
};

describe('machine types and the contract (compile-time)', () => {
  it('checks every shape the machines receive and send', () => {
    expect(Object.keys(fromApi)).toHaveLength(10);
    expect(Object.keys(toApi)).toHaveLength(12);
  });
});
