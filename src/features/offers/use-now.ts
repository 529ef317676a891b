/**
 * The time the offers' "time left to answer" counts from: given (tests), or the clock, read again every minute so
 * that "in 12 minutes" does not stay on screen while the deadline passes.
 */
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

export function useNow(given?: number): number {
  const [now, setNow] = useState(() => given ?? Date.now());
  useEffect(() => {
    if (given !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, [given]);
  return given ?? now;
}
