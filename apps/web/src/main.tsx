import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadDataLayer } from './App';
import { initI18n } from './i18n/i18n';
// App-wide styles, in cascade order (role styles load with each role's layout).
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/account.css';
import './styles/components.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/** The data layer's code (react-query, the socket), which every page but the landing page needs. */
const preloadDataLayer = () => void loadDataLayer().catch(() => undefined); // App's route tries again and shows the failure

// Any other address than / needs the data layer at once: it loads while i18next does.
if (location.pathname !== '/') preloadDataLayer();

// Swedish and English wait for their catalog (one small chunk); the first load's Finnish starts at once.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // On the landing page, once it has painted: the next page opens without waiting for it.
  if (location.pathname === '/') (window.requestIdleCallback ?? setTimeout)(preloadDataLayer);
});
