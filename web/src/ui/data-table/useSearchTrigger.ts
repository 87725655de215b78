import { useEffect, useState } from 'react';
import { createSearchTrigger } from './search-trigger.ts';

/** The search box's text (`input`) and the term actually sent to the server (`applied`). */
export function useSearchTrigger(initial = '') {
  const [input, setInput] = useState(initial);
  const [applied, setApplied] = useState(initial.trim());
  const [trigger] = useState(() => createSearchTrigger(setApplied, { initial }));
  useEffect(() => () => trigger.cancel(), [trigger]);
  return {
    input,
    applied,
    onInput(value: string) {
      setInput(value);
      trigger.input(value);
    },
    clear() {
      setInput('');
      trigger.clear();
    },
  };
}
