/**
 * /absence when there is no report to make: the mission is not in the worker's planning, it has ended or the agency
 * cancelled it (the catalogue's words, as the server would answer a report), or the planning could not be read.
 */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';

const TEXT = {
  unknown: m.absence_unknownMission,
  ended: m.apiError_absence_mission_ended,
  cancelled: m.apiError_absence_mission_cancelled,
  loadFailed: m.absence_loadFailed,
} as const;

export function AbsenceUnavailable({ reason }: { reason: keyof typeof TEXT }) {
  return (
    <Page title={m.absence_title()}>
      <p data-unavailable={reason}>{TEXT[reason]()}</p>
      <p>
        <Link to="/planning">{m.absence_backToPlanning()}</Link>
      </p>
    </Page>
  );
}
