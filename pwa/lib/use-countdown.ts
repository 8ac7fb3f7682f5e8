import { useEffect, useState } from 'react';

/** Seconds left of a wait the server asked for (Retry-After), counted down once a second; 0 when there is none. */
export function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const start = (seconds: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + seconds * 1000);
  };
  return { secondsLeft: until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)), start };
}
