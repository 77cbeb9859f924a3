/** The maintenance modes of center.getServerInfo (spec 7.3) and what each does to apps. */
export type MaintenanceMode = 'none' | 'upgrade' | 'address-change';

export function maintenanceEffect(mode: MaintenanceMode, serverUrl?: string | null): string {
  switch (mode) {
    case 'none':
      return 'Apps are served normally.';
    case 'upgrade':
      return 'Apps are told the service is being upgraded (000066) and wait.';
    case 'address-change':
      return `Apps are told to use ${serverUrl?.trim() ? serverUrl.trim() : 'a new address'} from now on (000077 with server_url).`;
  }
}

/** The body of PUT /admin/v1/maintenance: serverUrl only with address-change, as the API requires. */
export function maintenanceRequest(mode: MaintenanceMode, serverUrl: string): { mode: MaintenanceMode; serverUrl?: string } {
  return mode === 'address-change' ? { mode, serverUrl: serverUrl.trim() } : { mode };
}
