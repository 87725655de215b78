import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadLikelyFirstScreen } from './app/router.tsx';
import { sessionStore } from './features/auth/session.ts';

preloadLikelyFirstScreen(sessionStore.getProfileId() !== null);

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
