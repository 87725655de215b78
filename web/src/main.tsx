import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
