import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadLikelyFirstScreen } from './app/router.tsx';
import { sessionStore } from './features/auth/session.ts';

preloadLikelyFirstScreen(sessionStore.getProfileId() !== null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
