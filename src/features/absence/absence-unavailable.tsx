/** /absence when its mission cannot be shown: not in the worker's planning, or the planning could not be read. */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';

export function AbsenceUnavailable({ reason }: { reason: 'unknown' | 'loadFailed' }) {
  return (
    <Page title={m.absence_title()}>
      <p>{reason === 'unknown' ? m.absence_unknownMission() : m.absence_loadFailed()}</p>
      <p>
        <Link to="/planning">{m.absence_backToPlanning()}</Link>
      </p>
    </Page>
  );
}
