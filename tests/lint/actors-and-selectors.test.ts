/**
 * Actors start in routes, views read snapshots through selectors (docs/decisions/171-actors-start-in-routes.md):
 * a view that starts an actor, or a view or route that asks a snapshot itself, fails the lint.
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

const VIEW = 'src/features/signing/x.tsx';

describe('a view does not start actors', () => {
  it.each([
    "import { useActorRef } from '@xstate/react';",
    "import { useMachine } from '@xstate/react';",
    "import { useActor as use } from '@xstate/react';",
    "import { createActor } from 'xstate';",
  ])('fails %s', async (line) => {
    expect(await problemsOf('no-restricted-imports', VIEW, `${line}\nexport const used = 1;`)).toEqual([
      expect.stringContaining('A view does not start actors: its route starts them'),
    ]);
  });

  it('lets a view read an actor it is given, and a route start one', async () => {
    expect(
      await problemsOf(
        'no-restricted-imports',
        VIEW,
        "import { useSelector } from '@xstate/react';\nimport type { ActorRefFrom } from 'xstate';\nexport const used = useSelector;\nexport type A = ActorRefFrom<never>;",
      ),
    ).toEqual([]);
    expect(
      await problemsOf('no-restricted-imports', 'src/routes/x.tsx', "import { useActorRef } from '@xstate/react';\nexport const used = useActorRef;"),
    ).toEqual([]);
  });
});

describe('views and routes ask a snapshot only through selectors', () => {
  const asks = (file: string, code: string) => problemsOf('no-restricted-syntax', file, code);
  it.each([
    ["useSelector(actor, (snapshot) => snapshot.matches('sent'))", VIEW],
    ["useSelector(actor, (s) => s.hasTag('busy'))", VIEW],
    ["actor.getSnapshot().can({ type: 'signing.sign' })", 'src/routes/x.tsx'],
  ])('fails %s in %s', async (expression, file) => {
    expect(await asks(file, `declare const actor: any;\ndeclare const useSelector: any;\nexport const x = ${expression};`)).toEqual([
      expect.stringContaining("Ask the snapshot through the machine's selectors"),
    ]);
  });

  it("fails a view that reads a snapshot's context, and leaves a route's router context alone", async () => {
    expect(await asks(VIEW, 'declare const actor: any;\nexport const values = actor.getSnapshot().context.values;')).toEqual([
      expect.stringContaining('never its context in a view'),
    ]);
    expect(await asks('src/routes/-x.ts', 'declare const router: any;\nexport const api = router.options.context.api;')).toEqual([]);
  });

  it('passes a selector handed to useSelector', async () => {
    const code =
      "import { useSelector } from '@xstate/react';\nimport { isSent } from '../../../machines/mail-request.selectors.ts';\ndeclare const actor: never;\nexport const useSent = () => useSelector(actor, isSent);";
    expect(await lintSample(VIEW, code)).toEqual([]);
  });

  it('leaves the selectors themselves alone', async () => {
    expect(await asks('machines/x.selectors.ts', "declare const s: any;\nexport const sent = s.matches('sent');")).toEqual([]);
  });
});
