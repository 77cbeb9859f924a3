import { maintenanceEffect, maintenanceRequest } from './maintenance';

it('says what each mode does to apps', () => {
  expect(maintenanceEffect('none')).toBe('Apps are served normally.');
  expect(maintenanceEffect('upgrade')).toContain('000066');
  expect(maintenanceEffect('address-change', ' https://b.example ')).toBe('Apps are told to use https://b.example from now on (000077 with server_url).');
  expect(maintenanceEffect('address-change', '')).toContain('a new address');
});

it('sends serverUrl only with address-change', () => {
  expect(maintenanceRequest('upgrade', 'https://ignored.example')).toEqual({ mode: 'upgrade' });
  expect(maintenanceRequest('address-change', ' https://b.example ')).toEqual({ mode: 'address-change', serverUrl: 'https://b.example' });
});
