import { Activity, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteMeta } from '../lib/route-meta.ts';

function scroller(): Element {
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Renders the matched child route. Routes marked `keepAlive` stay mounted after the user leaves them: each is kept
 * inside React's <Activity>, hidden (display: none, effects paused) while another route shows, so its form input and
 * component state are there on return, and so is its scroll position, which is saved per route. One instance per
 * route id, so at most one per keep-alive route; other routes mount and unmount as usual and open at the top.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { id, keepAlive } = useRouteMeta();
  const cache = useRef(new Map<string, ReactNode>());
  const scrolls = useRef(new Map<string, number>());
  const activeKey = keepAlive && id ? id : null;
  // Refresh the active entry on every render so it always shows the latest params and location.
  if (activeKey) cache.current.set(activeKey, outlet);

  useLayoutEffect(() => {
    scroller().scrollTop = (activeKey && scrolls.current.get(activeKey)) || 0;
    if (!activeKey) return;
    const remember = () => scrolls.current.set(activeKey, scroller().scrollTop);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [activeKey, pathname]);

  return (
    <>
      {[...cache.current].map(([key, element]) => (
        <Activity key={key} mode={key === activeKey ? 'visible' : 'hidden'} name={key}>
          {element}
        </Activity>
      ))}
      {activeKey ? null : outlet}
    </>
  );
}
