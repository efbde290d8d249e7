import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client.ts';
import type { Session } from './session.ts';
import type { AppStorage } from './storage.ts';

/** What pages reach outside React for: the API, local storage, the login state and a page reload. Wired once in src/main.tsx. */
export interface AppServices {
  api: ApiClient;
  storage: AppStorage;
  session: Session;
  reload: () => void;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it');
  return services;
}
