import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setApiNavigator } from './client';

/** Lets the API client's session-expiry redirect navigate inside the app (no full reload). */
export function ApiNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNavigator((path) => void navigate(path, { replace: true }));
    return () => setApiNavigator(null);
  }, [navigate]);
  return null;
}
