/** /registerHello: start of the registration wizard (filled in by later work). */
import { Link } from 'react-router-dom';
import { ComingSoon } from '../components/ComingSoon';
import { ROUTES } from '../routes';
import { TEXTS } from '../texts';
import { PublicLayout } from './PublicLayout';

export function RegisterHelloPage() {
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <div className="card">
          <Link to={ROUTES.home} className="back-link">
            <span aria-hidden="true">← </span>
            {TEXTS.common.backToHome}
          </Link>
          <ComingSoon title={TEXTS.register.heading} />
        </div>
      </main>
    </PublicLayout>
  );
}
