import { useEffect, useRef, useState } from 'react';

/**
 * An inline "are you sure?": asking moves focus to its confirming button, keeping it (or being done)
 * brings focus back to the button that asked, so a keyboard never loses its place.
 */
export function useConfirm() {
  const [confirming, setConfirming] = useState(false);
  const askRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (asked.current) askRef.current?.focus();
  }, [confirming]);
  return {
    confirming,
    askRef,
    confirmRef,
    ask: () => { asked.current = true; setConfirming(true); },
    done: () => { setConfirming(false); },
  };
}
