/**
 * What every page but the landing page renders inside: the query client, the Socket.IO connection
 * and the API client's navigator. Its code (react-query, the socket) is not in the first load of /
 * (bench figure web_js_gzip_kb): App.tsx loads it with the first other page, main.tsx at once on
 * any other address and after the landing page's first paint on /.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { ApiNavigator } from './ApiNavigator';
import { queryClient } from './query-client';
import { SocketProvider } from './socket';

export function DataLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <SocketProvider>
        <ApiNavigator />
        <Outlet />
      </SocketProvider>
    </QueryClientProvider>
  );
}
