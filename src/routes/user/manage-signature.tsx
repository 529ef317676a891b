import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { displayName, isNewAccount } from '../../../machines/session.selectors.ts';
import { createSignatureLogic } from '../../actors/signature.ts';
import { SignatureScreen } from '../../features/signature/signature-screen.tsx';
import { useLocale } from '../../i18n/locale.ts';
import { toasts } from '../../ui/toast-store.ts';
import { freshSessionInfo } from '../-fresh-info.ts';
import { devInspect } from '../../dev/inspector.ts';

export const Route = createFileRoute('/user/manage-signature')({
  loader: ({ context }) => freshSessionInfo(context),
  component: ManageSignatureRoute,
});

function ManageSignatureRoute() {
  useLocale();
  const { api, session } = Route.useRouteContext();
  const logic = useMemo(() => createSignatureLogic({ api, toasts, refreshSession: () => session.send({ type: 'session.refreshInfo' }) }), [api, session]);
  // The session's info is fresh here (the loader read it); the input is read once, when the actor starts.
  const newAccount = useSelector(session, isNewAccount);
  const username = useSelector(session, displayName);
  const actor = useActorRef(logic, { input: { newAccount }, ...devInspect });
  return <SignatureScreen actor={actor} username={username} />;
}
