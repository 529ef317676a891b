// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, renderHook, waitFor } from '@testing-library/react';
import { createToastStore } from '../../src/ui/toast-store.ts';
import { useToasterWanted } from '../../src/ui/use-toaster-wanted.ts';

describe('The toaster loads on demand', () => {
  it('not on a first load where nothing is toasted and the worker has not acted', () => {
    const { result } = renderHook(() => useToasterWanted(createToastStore()));
    expect(result.current).toBe(false);
  });

  it('on the first key the worker presses, anywhere on the page, once the frame answering it has painted', async () => {
    const { result } = renderHook(() => useToasterWanted(createToastStore()));
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('on the first touch or click, once the frame answering it has painted', async () => {
    const { result } = renderHook(() => useToasterWanted(createToastStore()));
    fireEvent.pointerDown(document.body);
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('as soon as a toast is raised before any intent, and the toast is still waiting for it', () => {
    const store = createToastStore();
    const { result } = renderHook(() => useToasterWanted(store));
    act(() => void store.show({ type: 'warning', key: 'general_policiesNotAgreedTo' }));
    expect(result.current).toBe(true);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('at once when a toast was raised before the page rendered (a redirect’s warning)', () => {
    const store = createToastStore();
    store.show({ type: 'warning', key: 'general_policiesNotAgreedTo' });
    const { result } = renderHook(() => useToasterWanted(store));
    expect(result.current).toBe(true);
  });

  it('stays wanted once wanted, and stops listening', async () => {
    const store = createToastStore();
    const { result } = renderHook(() => useToasterWanted(store));
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(result.current).toBe(true));
    act(() => store.clear());
    expect(result.current).toBe(true);
  });
});
