import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { SigningItem } from '../../machines/signing.machine.ts';
import { createSigningLogic } from '../actors/signing.ts';
import { SigningScreen } from '../features/signing/signing-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { freshSessionInfo } from './-fresh-info.ts';
import { signingInput } from './-signing-input.ts';
import { devInspect } from '../dev/inspector.ts';

export const Route = createFileRoute('/digital-signing')({
  loader: ({ context }) => freshSessionInfo(context),
  component: DigitalSigningRoute,
});

function DigitalSigningRoute() {
  const locale = useLocale();
  const { api, session } = Route.useRouteContext();
  // The session's info is fresh here (the loader read it); the input is read once, when the actor starts.
  const input = useMemo(() => signingInput(session.getSnapshot()), [session]);
  const logic = useMemo(() => createSigningLogic({ api, hasValidSignature: input.hasValidSignature }), [api, input]);
  const actor = useActorRef(logic, { input, ...devInspect });
  // The contract PDF as the server stores and serves it (the signing evidence hashes these bytes: decision 014).
  const download = useCallback((item: SigningItem) => api.downloads.contract(item.job, item.mission), [api]);
  return <SigningScreen actor={actor} locale={locale} onDownload={download} />;
}
