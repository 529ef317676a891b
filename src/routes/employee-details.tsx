import { useEffect, useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { createDetailsWizard } from '../actors/details.ts';
import { DetailsWizard } from '../features/details/details-wizard.tsx';
import { completedStepsOf } from '../features/details/step-progress.ts';
import { useLocale } from '../i18n/locale.ts';
import { toasts, type ToastMessageKey } from '../ui/toast-store.ts';
import { devInspect } from '../dev/inspector.ts';

export const Route = createFileRoute('/employee-details')({ component: EmployeeDetailsRoute });

/** One wizard per visit: the machine with the app's actors, the chosen images (previews revoked on leaving). */
function EmployeeDetailsRoute() {
  useLocale();
  const { api, session } = Route.useRouteContext();
  const router = useRouter();
  const [wizard] = useState(() =>
    createDetailsWizard({
      api,
      notify: ({ type, msg }) => toasts.show({ type, key: msg as ToastMessageKey }),
      navigate: (to) => void router.navigate({ to }),
      onSubmitted: () => session.send({ type: 'session.detailsSubmitted' }),
      completedSteps: (details) => completedStepsOf(details),
    }),
  );
  const actor = useActorRef(wizard.logic, { ...devInspect });
  useEffect(() => () => wizard.images.dispose(), [wizard]);
  return <DetailsWizard actor={actor} images={wizard.images} />;
}
