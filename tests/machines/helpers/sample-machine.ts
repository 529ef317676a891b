// The sample of the chart generator's tests (machine-docs*.test.ts).
import { setup } from 'xstate';

/** A machine with every construct the generator draws, keys Mermaid would misread, and no real meaning. */
export const sampleMachine = setup({
  guards: { ready: () => true },
  delays: { noticeTime: 5000 },
}).createMachine({
  id: 'sample',
  initial: 'editing-step',
  states: {
    'editing-step': {
      initial: 'idle',
      states: { idle: { on: { next: { target: 'saving', guard: 'ready' } } }, saving: { after: { noticeTime: 'idle' } } },
      on: { done: '#sample.both' },
    },
    both: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { always: { target: 'b', guard: 'ready' } }, b: { type: 'final' } } },
        right: { initial: 'c', states: { c: { on: { stay: {} } } } },
      },
      onDone: 'finished',
    },
    finished: { type: 'final' },
  },
});
