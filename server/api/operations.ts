/**
 * Every operation of openapi.yaml, by operationId. Typed as `Operations`, so that an operation added to the
 * contract does not compile until it has a handler.
 */
import { absenceOperations } from './absences.ts';
import { authOperations } from './auth.ts';
import { backofficeAbsenceOperations } from './backoffice-absences.ts';
import { backofficeOperations } from './backoffice.ts';
import { calendarOperations } from './calendar.ts';
import { conversationBackofficeOperations } from './conversations-backoffice.ts';
import { conversationOperations } from './conversations.ts';
import { detailsOperations } from './details.ts';
import { documentOperations } from './documents.ts';
import { healthOperations } from './health.ts';
import { hoursBackofficeOperations } from './hours-backoffice.ts';
import { hoursOperations } from './hours.ts';
import { missionChangeOperations } from './mission-changes.ts';
import { offerBackofficeOperations } from './offers-backoffice.ts';
import { notificationOperations } from './notifications.ts';
import { offerOperations } from './offers.ts';
import { planningOperations } from './planning.ts';
import type { Operations } from './operation.ts';
import { userOperations } from './user.ts';

export const operations: Operations = {
  ...authOperations,
  ...userOperations,
  ...detailsOperations,
  ...planningOperations,
  ...documentOperations,
  ...backofficeOperations,
  ...calendarOperations,
  ...missionChangeOperations,
  ...hoursOperations,
  ...hoursBackofficeOperations,
  ...offerOperations,
  ...offerBackofficeOperations,
  ...absenceOperations,
  ...backofficeAbsenceOperations,
  ...healthOperations,
  ...notificationOperations,
  ...conversationOperations,
  ...conversationBackofficeOperations,
};
