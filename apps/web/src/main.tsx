import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { initI18n } from './i18n/i18n';
// App-wide styles, in cascade order (role styles load with each role's layout).
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/account.css';
import './styles/components.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Swedish and English wait for their catalog (one small chunk); Finnish is bundled and starts at once.
void initI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  ),
);
