/**
 * A date and time as the visitor's own clock shows it, with its zone named (issue 33, item 25): a
 * guest in New York who ordered at 02:58 UTC sees 9:58 PM EST, not Korea's 11:58 AM unlabelled.
 * The server cannot know the visitor's zone, so the page is rendered (and hydrated) in Korea time,
 * named as such, and turns to the visitor's zone right after.
 */
import { useEffect, useMemo, useState } from 'react';

const SERVER_ZONE = 'Asia/Seoul';

export function useLocalDateTime(lang: string): Intl.DateTimeFormat {
  const [zone, setZone] = useState(SERVER_ZONE);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && own !== SERVER_ZONE) setZone(own);
  }, []);
  return useMemo(() => new Intl.DateTimeFormat(lang, {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short',
  }), [lang, zone]);
}
