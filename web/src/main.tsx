import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreens } from './app/router.tsx';
import { sessionBoot } from './features/auth/boot.ts';
import { readHintKnown, sessionStore } from './features/auth/session.ts';
import { sessionMayExist } from './features/auth/session-hint.ts';

// Before the first render, and side by side: the session's start (refresh, then the user) and the
// code of the screen this address shows. Neither waits for React.
preloadScreens(
  window.location.pathname,
  sessionMayExist({ cookie: document.cookie, storedProfileId: sessionStore.getProfileId(), hintKnown: readHintKnown() }),
);
void sessionBoot.start();

// A tab opened before a deploy asks for chunks the new build no longer has (the server answers
// 404): load the new version once instead of showing a broken screen. Once a minute at most, so a
// server that truly lacks a file can't make the page reload forever.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('flotte.reloadedAt') ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem('flotte.reloadedAt', String(Date.now()));
  window.location.reload();
});

// Until React's first render the page shows index.html's wordmark and spinner. With a session to
// restore, that first render waits for it: one render of the complete screen instead of a loader
// first (whose rendering would also hold up the refresh request), and in a transition, so that it
// runs in slices rather than one long task.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
if (sessionBoot.getState() === 'starting') {
  const stop = sessionBoot.subscribe(() => {
    stop();
    render();
  });
} else {
  render();
}
